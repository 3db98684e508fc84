import { crc32 } from 'node:zlib';
import { MEMORY_LAYOUT, type MemoryState } from './facet-memory';
import { NUMBER_FIELDS } from './port';

/**
 * Layout of an encoded snapshot. A change to MemoryState or to this encoding bumps it: a snapshot of another
 * version is ignored and the index is rebuilt from its rows.
 */
export const SNAPSHOT_VERSION = 2;

/** The search index's in-memory side at one projection position. */
export interface MemorySnapshot {
  position: number;
  /** the change log's sequence number it was taken at (snapshot-log.ts): the rows logged after it are applied on open */
  seq: number;
  /** the projections file's token (snapshot-file.ts) when the snapshot is stored in a file of its own */
  token?: string;
  state: MemoryState;
  /** the typo vocabulary's words */
  vocabulary: string[];
}

interface Header {
  version: number;
  /** the facet memory's layout it was taken under */
  layout: string;
  position: number;
  seq: number;
  token?: string;
  /** element counts of the typed arrays that follow the header, in the order `arrays` lists them */
  lengths: number[];
  dense: Array<[string, string]>;
  sparse: string[];
  ids: string;
  vocabulary: string;
}

type Typed = Uint32Array | Int32Array | Float64Array;

const pad8 = (n: number) => (n + 7) & ~7;

/** The typed arrays of a state, in their stored order (every element 4 or 8 bytes, each array 8-aligned). */
function arrays(s: MemoryState): Typed[] {
  return [
    s.alive,
    s.ids.rids,
    ...NUMBER_FIELDS.map((f) => s.nums[f]),
    ...NUMBER_FIELDS.map((f) => s.orders[f]),
    ...s.dense.map((d) => d.words),
    ...s.sparse.map((d) => d.pairs),
  ];
}

/**
 * Bytes: the CRC-32 of everything after it (4), the header's length (4), the header (JSON), then the
 * typed arrays, each starting at a multiple of 8. Null when a project id holds a newline (the ids are joined by them).
 */
export function encodeSnapshot(snapshot: MemorySnapshot): Buffer | null {
  const { state } = snapshot;
  if (state.ids.rids.length > 0 && state.ids.text.split('\n').length !== state.ids.rids.length) return null;
  const list = arrays(state);
  const header: Header = {
    version: SNAPSHOT_VERSION,
    layout: MEMORY_LAYOUT,
    position: snapshot.position,
    seq: snapshot.seq,
    token: snapshot.token,
    lengths: list.map((a) => a.length),
    dense: state.dense.map((d) => [d.field, d.value]),
    sparse: state.sparse.map((d) => d.field),
    ids: state.ids.text,
    vocabulary: snapshot.vocabulary.join('\n'),
  };
  const head = Buffer.from(JSON.stringify(header));
  let size = pad8(8 + head.length);
  for (const a of list) size += pad8(a.byteLength);
  const out = Buffer.alloc(size);
  out.writeUInt32LE(head.length, 4);
  head.copy(out, 8);
  let at = pad8(8 + head.length);
  for (const a of list) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += pad8(a.byteLength);
  }
  out.writeUInt32LE(crc32(out.subarray(4)), 0);
  return out;
}

/** The snapshot in `bytes`, or null when they are damaged, of another version or of another layout. */
export function decodeSnapshot(bytes: Uint8Array): MemorySnapshot | null {
  if (bytes.length < 8) return null;
  // typed arrays need aligned offsets: work on an aligned copy when the driver's buffer is not
  const buf = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (view.getUint32(0, true) !== crc32(buf.subarray(4))) return null;
  const headLength = view.getUint32(4, true);
  if (8 + headLength > buf.length) return null;
  const header = JSON.parse(Buffer.from(buf.buffer, buf.byteOffset + 8, headLength).toString()) as Header;
  if (header.version !== SNAPSHOT_VERSION || header.layout !== MEMORY_LAYOUT) return null;
  let at = pad8(8 + headLength);
  let next = 0;
  const take = <T extends Typed>(make: (b: ArrayBufferLike, offset: number, length: number) => T, bytesPer: number): T => {
    const length = header.lengths[next++];
    // a copy, so the decoded bytes are freed once read
    const a = make(buf.buffer, buf.byteOffset + at, length).slice() as T;
    at += pad8(length * bytesPer);
    return a;
  };
  const u32 = () => take((b, o, n) => new Uint32Array(b, o, n), 4);
  const i32 = () => take((b, o, n) => new Int32Array(b, o, n), 4);
  const f64 = () => take((b, o, n) => new Float64Array(b, o, n), 8);
  const alive = u32();
  const rids = i32();
  const nums = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, f64()])) as MemoryState['nums'];
  const orders = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, i32()])) as MemoryState['orders'];
  const dense = header.dense.map(([field, value]) => ({ field, value, words: u32() }));
  const sparse = header.sparse.map((field) => ({ field, pairs: u32() }));
  if (at > buf.length) return null;
  return {
    position: header.position,
    seq: header.seq,
    token: header.token,
    state: { alive, ids: { rids, text: header.ids }, nums, orders, dense, sparse },
    vocabulary: header.vocabulary === '' ? [] : header.vocabulary.split('\n'),
  };
}

/** A stored snapshot, or null when it cannot be read (damaged, another version): the rows are read instead. */
export function readSnapshot(bytes: Buffer): MemorySnapshot | null {
  try {
    return decodeSnapshot(bytes);
  } catch {
    return null;
  }
}

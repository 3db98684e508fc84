/** The project ids of the alive rows (ascending) and the ids joined by newlines: how a snapshot stores them. */
export interface IdList {
  rids: Int32Array;
  text: string;
}

/** Changes logged while a map is still to be built: past this many, it is built. */
const LOG_LIMIT = 65_536;

/**
 * Project id by row and row by project id. A restored list is turned into maps when first read; changes before
 * that are logged and replayed in order, so a commit after a restart builds nothing.
 */
export class RowIds {
  private maps: { byId: Map<string, number>; byRid: Array<string | undefined> } | null = { byId: new Map(), byRid: [] };
  private pending: IdList | null = null;
  private log: Array<[add: boolean, rid: number, projectId: string]> = [];

  restore(list: IdList): void {
    this.maps = null;
    this.pending = list;
    this.log = [];
  }

  clear(): void {
    this.maps = { byId: new Map(), byRid: [] };
    this.pending = null;
    this.log = [];
  }

  /** False only when the id is surely not held (while the list is pending: true, the caller looks it up). */
  mayHold(projectId: string): boolean {
    return this.maps ? this.maps.byId.has(projectId) : true;
  }

  get byId(): Map<string, number> {
    return this.built().byId;
  }

  get byRid(): Array<string | undefined> {
    return this.built().byRid;
  }

  set(rid: number, projectId: string): void {
    this.change(true, rid, projectId);
  }

  delete(rid: number, projectId: string): void {
    this.change(false, rid, projectId);
  }

  /**
   * The ids as a list. A restored list that is not built yet stays so: the changes logged since are applied to it (it
   * becomes the pending list, the log empties), so a snapshot of a restored state builds no maps.
   */
  list(aliveRows: () => number[]): IdList {
    if (this.pending && this.log.length === 0) return this.pending;
    const rids = aliveRows();
    const compacted = this.pending ? this.compacted(this.pending, rids) : null;
    if (compacted) return (this.pending = compacted);
    const byRid = this.byRid;
    return { rids: Int32Array.from(rids), text: rids.map((r) => byRid[r]).join('\n') };
  }

  /** `pending` with the log applied, for the rows alive now (ascending); null when a row alive has no id there. */
  private compacted(pending: IdList, alive: number[]): IdList | null {
    const changed = new Map<number, string | undefined>();
    for (const [add, rid, projectId] of this.log) changed.set(rid, add ? projectId : undefined);
    const ids = pending.text === '' ? [] : pending.text.split('\n');
    const out: string[] = [];
    let j = 0;
    for (const rid of alive) {
      while (j < pending.rids.length && pending.rids[j] < rid) j++;
      const id = changed.has(rid) ? changed.get(rid) : pending.rids[j] === rid ? ids[j] : undefined;
      if (id === undefined) return null;
      out.push(id);
    }
    this.log = [];
    return { rids: Int32Array.from(alive), text: out.join('\n') };
  }

  private change(add: boolean, rid: number, projectId: string): void {
    if (!this.maps) {
      this.log.push([add, rid, projectId]);
      if (this.log.length > LOG_LIMIT) this.built();
      return;
    }
    if (add) {
      this.maps.byId.set(projectId, rid);
      this.maps.byRid[rid] = projectId;
    } else {
      this.maps.byId.delete(projectId);
      this.maps.byRid[rid] = undefined;
    }
  }

  private built(): { byId: Map<string, number>; byRid: Array<string | undefined> } {
    if (this.maps) return this.maps;
    const maps = { byId: new Map<string, number>(), byRid: new Array<string | undefined>() };
    const { rids, text } = this.pending!;
    const ids = text === '' ? [] : text.split('\n');
    for (let i = 0; i < rids.length; i++) {
      maps.byId.set(ids[i], rids[i]);
      maps.byRid[rids[i]] = ids[i];
    }
    this.maps = maps;
    this.pending = null;
    const log = this.log;
    this.log = [];
    for (const [add, rid, projectId] of log) this.change(add, rid, projectId);
    return maps;
  }
}

/**
 * A high-cardinality field: 32-bit hash of a value -> one row, or several. A restored field holds (hash, row)
 * pairs until first read; changes before that are logged and replayed in order.
 */
export class SparseField {
  private map: Map<number, number | number[]> | null = new Map();
  private pending: Uint32Array | null = null;
  /** (1 add or -1 remove, hash, row) triples */
  private log: number[] = [];

  static restored(pairs: Uint32Array): SparseField {
    const f = new SparseField();
    f.map = null;
    f.pending = pairs;
    return f;
  }

  /** The rows of a hash. */
  rows(h: number): readonly number[] {
    const cur = this.built().get(h);
    return cur === undefined ? [] : typeof cur === 'number' ? [cur] : cur;
  }

  add(h: number, rid: number): void {
    if (!this.map) return this.logged(1, h, rid);
    const cur = this.map.get(h);
    if (cur === undefined) this.map.set(h, rid);
    else if (typeof cur === 'number') {
      if (cur !== rid) this.map.set(h, [cur, rid]);
    } else if (!cur.includes(rid)) cur.push(rid);
  }

  remove(h: number, rid: number): void {
    if (!this.map) return this.logged(-1, h, rid);
    const cur = this.map.get(h);
    if (cur === rid) this.map.delete(h);
    else if (Array.isArray(cur)) {
      const rest = cur.filter((x) => x !== rid);
      this.map.set(h, rest.length === 1 ? rest[0] : rest);
    }
  }

  /**
   * (hash, row) pairs. Restored pairs that are not built yet stay so: the changes logged since are applied to them (they
   * become the pending pairs, the log empties), so a snapshot of a restored state builds no map.
   */
  pairs(): Uint32Array {
    if (this.pending && this.log.length === 0) return this.pending;
    if (this.pending) return (this.pending = this.compacted(this.pending));
    const out: number[] = [];
    for (const [h, cur] of this.built()) for (const rid of typeof cur === 'number' ? [cur] : cur) out.push(h, rid);
    return Uint32Array.from(out);
  }

  /** `pending` with the log applied: a pair is held after its last logged change if that was an add. */
  private compacted(pending: Uint32Array): Uint32Array {
    const last = new Map<string, boolean>();
    const touched = new Set<number>();
    for (let i = 0; i < this.log.length; i += 3) {
      last.set(`${this.log[i + 1]}:${this.log[i + 2]}`, this.log[i] === 1);
      touched.add(this.log[i + 2]);
    }
    const out: number[] = [];
    const kept = new Set<string>();
    for (let i = 0; i < pending.length; i += 2) {
      if (!touched.has(pending[i + 1])) {
        out.push(pending[i], pending[i + 1]);
        continue;
      }
      const key = `${pending[i]}:${pending[i + 1]}`;
      const held = last.get(key);
      if (held === false || kept.has(key)) continue;
      if (held) kept.add(key);
      out.push(pending[i], pending[i + 1]);
    }
    for (const [key, held] of last) {
      if (!held || kept.has(key)) continue;
      const [h, rid] = key.split(':');
      out.push(Number(h), Number(rid));
    }
    this.log = [];
    return Uint32Array.from(out);
  }

  private logged(op: number, h: number, rid: number): void {
    this.log.push(op, h, rid);
    if (this.log.length > 3 * LOG_LIMIT) this.built();
  }

  private built(): Map<number, number | number[]> {
    if (this.map) return this.map;
    this.map = new Map();
    const pairs = this.pending!;
    for (let i = 0; i < pairs.length; i += 2) this.add(pairs[i], pairs[i + 1]);
    this.pending = null;
    const log = this.log;
    this.log = [];
    for (let i = 0; i < log.length; i += 3) {
      if (log[i] === 1) this.add(log[i + 1], log[i + 2]);
      else this.remove(log[i + 1], log[i + 2]);
    }
    return this.map;
  }
}

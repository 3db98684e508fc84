import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';
import { SeenFilter } from './seen-filter';

/**
 * Documents read from the storage that a rebuild keeps past the two batches (each followed through later commits), at most
 * this many; past it, they all go and are read again. The 1M bench log's build read its users from the storage 801,192
 * times (30.7 s of the main thread's 296 s, bench/build-only.ts): each user came back after its two batches had gone.
 */
export const KEPT_READS = 100_000;

/**
 * The reads of a rebuild that starts from an empty storage: everything stored was written by
 * this rebuild, so it knows which documents and index keys exist without asking the storage.
 * An absent document or key (most reads of a rebuild: the version a VersionPublished creates,
 * the follows of an unfollowed project) is answered from memory; the documents the last two batches
 * wrote or read, and those it read from the storage before (KEPT_READS), are answered from memory; only the rest is read
 * from the storage.
 *
 * What it knows are two Bloom filters (seen-filter.ts) of the ids and keys it stored (bits, not the strings): a false
 * positive only costs a read that finds nothing, never a wrong answer.
 * Sound only while the rebuild is the storage's only writer and `committed` follows every commit.
 */
export class RebuildReads implements Pick<ReadModelStore, 'get' | 'findIds'> {
  /** (coll, id) of the documents stored at some point */
  private readonly ids: SeenFilter;
  /** (coll, index, key) of the keys each collection's indexes held at some point (a superset of what they hold) */
  private readonly keys: SeenFilter;
  /**
   * the documents the last commit wrote or the current batch read (`previous`: the commit before), by collection then id (the
   * ids as the events hold them, never joined into a new string to look up); null: deleted
   */
  private recent = new Map<CollectionName, Map<string, unknown>>();
  private previous = new Map<CollectionName, Map<string, unknown>>();
  /** the documents read from the storage (up to keptLimit), as the commits since left them; null: deleted */
  private readonly kept = new Map<CollectionName, Map<string, unknown>>();
  private keptCount = 0;
  /** reads that went to the storage */
  storageReads = 0;
  /**
   * the last commit's changes, and (made for a collection at the first findIds of it after the commit) which of its documents
   * they changed and the keys those hold
   */
  private lastChanges: readonly DocChange[] = [];
  private lastOverlays = new Map<CollectionName, Overlay>();

  /** `filterBits`: the size of each of the two filters (default SEEN_FILTER_BITS); `keptLimit`: see KEPT_READS */
  constructor(
    private readonly store: Pick<ReadModelStore, 'get' | 'findIds'>,
    filterBits?: number,
    private readonly keptLimit = KEPT_READS,
  ) {
    this.ids = new SeenFilter(filterBits);
    this.keys = new SeenFilter(filterBits);
  }

  /** The stored document (null when absent). Documents are never changed in place (evolve is pure), so a cached one is shared. */
  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    const inMemory = this.readNow(coll, id);
    if (inMemory !== undefined) return inMemory;
    this.storageReads++;
    const doc = await this.store.get(coll, id);
    this.keep(coll, id, doc);
    // kept while batches keep reading it (an author, a popular project)
    docsOf(this.recent, coll).set(id, doc);
    return doc;
  }

  /** `get` without a promise, when memory answers it (most reads of a rebuild); undefined when only the storage can. */
  readNow<C extends CollectionName>(coll: C, id: string): Documents[C] | null | undefined {
    // never stored (nor then in recent or previous, which hold only what was stored, or null): absent
    if (!this.ids.mayHave(coll, id)) return null;
    const recent = docsOf(this.recent, coll);
    let doc = recent.get(id);
    if (doc !== undefined) return doc as Documents[C] | null;
    doc = this.previous.get(coll)?.get(id);
    if (doc === undefined) doc = this.kept.get(coll)?.get(id);
    if (doc === undefined) return undefined;
    recent.set(id, doc);
    return doc as Documents[C] | null;
  }

  /**
   * Ids whose index holds the key: the storage's answer with the last commit's changes laid over it, so a storage that
   * writes behind its commit() (storage/threaded-bulk.ts), whose reads lag that one batch, answers as one that does not.
   */
  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    if (!this.keys.mayHave(coll, index, key)) return [];
    this.storageReads++;
    const stored = await this.store.findIds(coll, index, key);
    let last = this.lastOverlays.get(coll);
    if (!last) this.lastOverlays.set(coll, (last = overlayOf(this.lastChanges, coll)));
    const ids = new Set<string>();
    for (const id of stored) if (!last.changed.has(id)) ids.add(id);
    for (const id of last.byKey.get(`${index}\u0000${key}`) ?? []) ids.add(id);
    return [...ids].sort();
  }

  /** Follows a commit of `changes` to the storage. */
  committed(changes: readonly DocChange[]): void {
    this.lastChanges = changes;
    this.lastOverlays = new Map();
    for (const c of changes) {
      docsOf(this.recent, c.coll).set(c.id, c.doc);
      const kept = this.kept.get(c.coll);
      if (kept?.has(c.id)) kept.set(c.id, c.doc);
      // an id already known and keys already held (the document existed with the same keys): nothing to add
      if (c.doc === null || c.keysUnchanged) continue;
      this.ids.add(c.coll, c.id);
      for (const [index, key] of c.keys ?? indexKeys(c.coll, c.doc as never)) this.keys.add(c.coll, index, key);
    }
    this.previous = this.recent;
    this.recent = new Map();
  }

  /** Lets go of the documents and changes held, once the rebuild is over (the counts stay). */
  release(): void {
    this.recent = new Map();
    this.previous = new Map();
    this.kept.clear();
    this.keptCount = 0;
    this.lastChanges = [];
    this.lastOverlays = new Map();
  }

  private keep(coll: CollectionName, id: string, doc: unknown): void {
    if (this.keptCount >= this.keptLimit) {
      this.kept.clear();
      this.keptCount = 0;
    }
    const kept = docsOf(this.kept, coll);
    if (!kept.has(id)) this.keptCount++;
    kept.set(id, doc);
  }
}

function docsOf(byColl: Map<CollectionName, Map<string, unknown>>, coll: CollectionName): Map<string, unknown> {
  let docs = byColl.get(coll);
  if (!docs) byColl.set(coll, (docs = new Map()));
  return docs;
}

/** One collection's part of a commit's changes. */
interface Overlay {
  /** the id of each document the changes wrote (or deleted) */
  changed: Set<string>;
  /** index, key -> ids of the written documents that hold it */
  byKey: Map<string, string[]>;
}

/** The overlay of the changes to `coll` (a rebuild asks findIds of a few collections: the others' keys are not gathered). */
function overlayOf(changes: readonly DocChange[], coll: CollectionName): Overlay {
  const overlay: Overlay = { changed: new Set(), byKey: new Map() };
  for (const c of changes) {
    if (c.coll !== coll) continue;
    overlay.changed.add(c.id);
    if (c.doc === null) continue;
    for (const [index, key] of c.keys ?? indexKeys(c.coll, c.doc as never)) {
      const k = `${index}\u0000${key}`;
      const ids = overlay.byKey.get(k);
      if (ids) ids.push(c.id);
      else overlay.byKey.set(k, [c.id]);
    }
  }
  return overlay;
}

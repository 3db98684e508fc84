import { indexKeys } from '../read-model/collections';
import { COLLECTIONS, type CollectionName, type Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';

/** 31-bit FNV-1a of a string: a small integer a Set holds without keeping the string. */
function hash31(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 1;
}

/**
 * The reads of a rebuild that starts from an empty storage: everything stored was written by
 * this rebuild, so it knows which documents and index keys exist without asking the storage.
 * An absent document or key (most reads of a rebuild: the version a VersionPublished creates,
 * the follows of an unfollowed project) is answered from memory; the documents the last two batches
 * wrote or read are answered from memory; only the rest is read from the storage.
 *
 * What it knows are 31-bit hashes of the ids and keys (a few bytes each, not the strings): a hash
 * collision only costs a read that finds nothing, never a wrong answer.
 * Sound only while the rebuild is the storage's only writer and `committed` follows every commit.
 */
export class RebuildReads implements Pick<ReadModelStore, 'get' | 'findIds'> {
  private readonly ids = new Map<CollectionName, Set<number>>(COLLECTIONS.map((c) => [c, new Set<number>()]));
  /** hashes of `<index>\0<key>` each collection's indexes held at some point (a superset of what they hold) */
  private readonly keys = new Map<CollectionName, Set<number>>(COLLECTIONS.map((c) => [c, new Set<number>()]));
  /** the documents the last commit wrote or the current batch read (`previous`: the commit before); null: deleted */
  private recent = new Map<string, unknown>();
  private previous = new Map<string, unknown>();
  /** reads that went to the storage */
  storageReads = 0;

  constructor(private readonly store: Pick<ReadModelStore, 'get' | 'findIds'>) {}

  /** The stored document (null when absent). Documents are never changed in place (evolve is pure), so a cached one is shared. */
  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    const k = `${coll}\u0000${id}`;
    let doc = this.recent.get(k);
    if (doc !== undefined) return doc as Documents[C] | null;
    doc = this.previous.get(k);
    if (doc === undefined) {
      if (!this.ids.get(coll)!.has(hash31(id))) return null;
      this.storageReads++;
      doc = await this.store.get(coll, id);
    }
    // kept while batches keep reading it (an author, a popular project)
    this.recent.set(k, doc);
    return doc as Documents[C] | null;
  }

  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    if (!this.keys.get(coll)!.has(hash31(`${index}\u0000${key}`))) return [];
    this.storageReads++;
    return this.store.findIds(coll, index, key);
  }

  /** Follows a commit of `changes` to the storage. */
  committed(changes: readonly DocChange[]): void {
    for (const c of changes) this.recent.set(`${c.coll}\u0000${c.id}`, c.doc);
    this.previous = this.recent;
    this.recent = new Map();
    for (const c of changes) {
      if (c.doc === null) continue;
      // an id already known and keys already held (the document existed with the same keys): nothing to add
      if (c.keysUnchanged) continue;
      this.ids.get(c.coll)!.add(hash31(c.id));
      const held = this.keys.get(c.coll)!;
      for (const [index, key] of c.keys ?? indexKeys(c.coll, c.doc as never)) held.add(hash31(`${index}\u0000${key}`));
    }
  }
}

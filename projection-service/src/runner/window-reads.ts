import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';

/**
 * The reads of a catch-up whose commits this thread's connection cannot see yet (catch-up-worker-main.ts: the serving
 * storage's catchingUp window is one open transaction of the event loop's connection): the storage's answers with every
 * document the catch-up changed laid over them, as it changed them. It holds them all, so a catch-up goes through it in
 * rounds (CATCH_UP_ROUND events), each after the window before it committed. A collection's changed documents are indexed by
 * key from its first findIds on (most collections are only read by id).
 */
export class WindowReads implements Pick<ReadModelStore, 'get' | 'findIds'> {
  /** collection -> id -> the document as the catch-up left it (null: deleted) */
  private readonly changed = new Map<CollectionName, Map<string, unknown>>();
  /** collection -> `index\0key` -> ids of changed documents that hold it (for the collections findIds asked of) */
  private readonly byKey = new Map<CollectionName, Map<string, Set<string>>>();

  constructor(private readonly store: Pick<ReadModelStore, 'get' | 'findIds'>) {}

  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    const doc = this.changed.get(coll)?.get(id);
    if (doc !== undefined) return doc as Documents[C] | null;
    return this.store.get(coll, id);
  }

  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    const stored = await this.store.findIds(coll, index, key);
    const changed = this.changed.get(coll);
    if (!changed) return stored;
    const ids = new Set<string>();
    // a changed document holds the key as it holds it now, whatever the storage says of it
    for (const id of stored) if (!changed.has(id)) ids.add(id);
    for (const id of this.keyed(coll, changed).get(`${index}\u0000${key}`) ?? []) ids.add(id);
    return [...ids].sort();
  }

  /** Follows a commit of `changes` that this thread's connection does not see. */
  add(changes: readonly DocChange[]): void {
    for (const c of changes) {
      let docs = this.changed.get(c.coll);
      if (!docs) this.changed.set(c.coll, (docs = new Map()));
      const keyed = this.byKey.get(c.coll);
      if (keyed) {
        const before = docs.get(c.id);
        if (before) for (const k of keysOf(c.coll, before)) keyed.get(k)?.delete(c.id);
        if (c.doc !== null) for (const k of keysOf(c.coll, c.doc)) addKey(keyed, k, c.id);
      }
      docs.set(c.id, c.doc);
    }
  }

  /** The key index of a collection's changed documents, made at the first findIds of it. */
  private keyed(coll: CollectionName, changed: Map<string, unknown>): Map<string, Set<string>> {
    let keyed = this.byKey.get(coll);
    if (keyed) return keyed;
    this.byKey.set(coll, (keyed = new Map()));
    for (const [id, doc] of changed) if (doc !== null) for (const k of keysOf(coll, doc)) addKey(keyed, k, id);
    return keyed;
  }
}

function keysOf(coll: CollectionName, doc: unknown): string[] {
  return indexKeys(coll, doc as never).map(([index, key]) => `${index}\u0000${key}`);
}

function addKey(keyed: Map<string, Set<string>>, k: string, id: string): void {
  const ids = keyed.get(k);
  if (ids) ids.add(id);
  else keyed.set(k, new Set([id]));
}

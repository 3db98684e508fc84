import { LRUCache } from 'lru-cache';
import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';

const DOC = '\u0000';

/**
 * The reads of the active projection worker, cached: the documents and index lookups its batches
 * load (a round trip each to a remote store otherwise), kept current with what it commits.
 *
 * Sound only while this worker is the only writer. The worker clears it when it sees another
 * writer's hand (the checkpoint moved without it, a journaled batch was finished) and when a
 * commit fails (the store may hold part of it). Bounded: PROJECTION_CACHE_DOCUMENTS entries
 * (documents + lookups, default 200,000), least recently used dropped first.
 */
/**
 * What the cache reads through; `ids` (every stored id of a collection) lets it answer "absent" without a round trip,
 * and `keys` (every key an index of a collection holds) lets it answer an index lookup of any other key with none.
 */
export type CacheSource = Pick<ReadModelStore, 'get' | 'findIds'> & {
  ids?(coll: CollectionName): Promise<string[]>;
  keys?(coll: CollectionName, index: string): Promise<string[]>;
};

export class ReadCache implements Pick<ReadModelStore, 'get' | 'findIds'> {
  private readonly docs: LRUCache<string, { doc: unknown }>;
  /** every stored id per collection, loaded on first use: an id not in it is absent */
  private readonly known = new Map<CollectionName, Promise<Set<string>>>();
  private readonly lookups: LRUCache<string, string[]>;
  /** every key an index holds (or held: a superset), per `<coll>\0<index>`, loaded on first use */
  private readonly indexKeys = new Map<string, Promise<Set<string>>>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly store: CacheSource,
    max = Number(process.env.PROJECTION_CACHE_DOCUMENTS) || 200_000,
  ) {
    this.docs = new LRUCache({ max });
    this.lookups = new LRUCache({ max: Math.max(1, Math.floor(max / 4)) });
  }

  private stored(coll: CollectionName): Promise<Set<string>> | null {
    const ids = this.store.ids;
    if (!ids) return null;
    let p = this.known.get(coll);
    if (!p) {
      p = ids.call(this.store, coll).then((list) => new Set(list));
      p.catch(() => this.known.delete(coll));
      this.known.set(coll, p);
    }
    return p;
  }

  private heldKeys(coll: CollectionName, index: string): Promise<Set<string>> | null {
    const keys = this.store.keys;
    if (!keys) return null;
    const k = `${coll}${DOC}${index}`;
    let p = this.indexKeys.get(k);
    if (!p) {
      p = keys.call(this.store, coll, index).then((list) => new Set(list));
      p.catch(() => this.indexKeys.delete(k));
      this.indexKeys.set(k, p);
    }
    return p;
  }

  /** The stored document, null when absent; from memory when it can. */
  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    const k = `${coll}${DOC}${id}`;
    const hit = this.docs.get(k);
    if (hit) {
      this.hits++;
      return hit.doc === null ? null : (structuredClone(hit.doc) as Documents[C]);
    }
    const known = this.stored(coll);
    if (known && !(await known).has(id)) {
      this.hits++;
      return null;
    }
    this.misses++;
    const doc = await this.store.get(coll, id);
    this.docs.set(k, { doc: doc === null ? null : structuredClone(doc) });
    return doc;
  }

  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    const k = `${coll}${DOC}${index}${DOC}${key}`;
    const hit = this.lookups.get(k);
    if (hit) {
      this.hits++;
      return [...hit];
    }
    const held = this.heldKeys(coll, index);
    if (held && !(await held).has(key)) {
      this.hits++;
      return [];
    }
    this.misses++;
    const ids = await this.store.findIds(coll, index, key);
    this.lookups.set(k, [...ids]);
    return ids;
  }

  /**
   * Loads the documents a batch is about to read, `lanes` reads in flight at once, instead of one
   * round trip after another while the projectors run; absent documents are cached as absent.
   */
  async prefetch(wanted: Iterable<[CollectionName, string]>, lanes = 8): Promise<void> {
    const todo: Array<[CollectionName, string]> = [];
    const seen = new Set<string>();
    for (const [coll, id] of wanted) {
      const k = `${coll}${DOC}${id}`;
      if (seen.has(k) || this.docs.has(k)) continue;
      seen.add(k);
      const known = this.stored(coll);
      if (known && !(await known).has(id)) continue;
      todo.push([coll, id]);
    }
    let next = 0;
    const lane = async () => {
      while (next < todo.length) {
        const [coll, id] = todo[next++];
        const doc = await this.store.get(coll, id);
        this.misses++;
        this.docs.set(`${coll}${DOC}${id}`, { doc: doc === null ? null : structuredClone(doc) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, todo.length) }, lane));
  }

  /** Brings the cache to the state a successful commit of `changes` left in the store. */
  committed(changes: readonly DocChange[]): void {
    const unknownOld = new Set<CollectionName>();
    for (const c of changes) {
      void this.known.get(c.coll)?.then(
        (ids) => ids.add(c.id),
        () => undefined,
      );
      const k = `${c.coll}${DOC}${c.id}`;
      const cached = this.docs.peek(k);
      const next = c.doc ? (c.keys ?? indexKeys(c.coll, c.doc as never)) : [];
      for (const [index, key] of next) {
        void this.indexKeys.get(`${c.coll}${DOC}${index}`)?.then(
          (keys) => keys.add(key),
          () => undefined,
        );
      }
      let prev: Array<[string, string]> | null = null;
      if (cached) prev = cached.doc === null ? [] : indexKeys(c.coll, cached.doc as never);
      else if (c.oldKeys) prev = c.oldKeys;
      else if (c.isNew) prev = [];
      else if (c.keysUnchanged) prev = next;
      this.docs.set(k, { doc: c.doc === null ? null : structuredClone(c.doc) });
      if (prev === null) {
        unknownOld.add(c.coll);
        continue;
      }
      const before = new Set(prev.map(([i, key]) => `${i}${DOC}${key}`));
      const after = new Set(next.map(([i, key]) => `${i}${DOC}${key}`));
      for (const ik of before) if (!after.has(ik)) this.patch(`${c.coll}${DOC}${ik}`, c.id, false);
      for (const ik of after) if (!before.has(ik)) this.patch(`${c.coll}${DOC}${ik}`, c.id, true);
    }
    // a document whose previous keys are unknown may have left any lookup of its collection
    if (unknownOld.size > 0) {
      for (const k of [...this.lookups.keys()]) if (unknownOld.has(k.slice(0, k.indexOf(DOC)) as CollectionName)) this.lookups.delete(k);
    }
  }

  private patch(lookup: string, id: string, add: boolean): void {
    const ids = this.lookups.peek(lookup);
    if (!ids) return;
    const at = ids.indexOf(id);
    if (add && at < 0) {
      ids.push(id);
      ids.sort();
    } else if (!add && at >= 0) ids.splice(at, 1);
  }

  clear(): void {
    this.known.clear();
    this.indexKeys.clear();
    this.docs.clear();
    this.lookups.clear();
  }
}

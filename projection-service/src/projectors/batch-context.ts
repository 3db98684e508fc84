import type { RecordedEvent } from '@modshelf/events';
import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';
import type { EvolveTarget } from './evolve';

interface Entry {
  coll: CollectionName;
  id: string;
  doc: unknown | null;
  dirty: boolean;
  /** the stored index keys when loaded (null: it did not exist; undefined: never loaded). */
  loadedKeys: Array<[string, string]> | null | undefined;
  /** keys of the current document as last entered in the batch overlay (dirty entries only). */
  overlayKeys?: Array<[string, string]>;
  /** `created` recorded it as absent from the store without reading it */
  unread?: true;
}

const keysOf = (coll: CollectionName, doc: unknown) => indexKeys(coll, doc as never);

/**
 * What a batch reads through: the read models, or what stands before them (RebuildReads), which may answer a read from
 * memory without a promise (`readNow`: undefined when only `get` can answer).
 */
export type BatchReads = Pick<ReadModelStore, 'get' | 'findIds'> & {
  readNow?<C extends CollectionName>(coll: C, id: string): Documents[C] | null | undefined;
};

/**
 * A change with every field in one order, those it lacks undefined: one shape for all changes, so the code that reads a
 * batch's changes (the commit, the build's packing, RebuildReads) reads them from one hidden class, not four.
 */
function change(
  e: Entry,
  keys: Array<[string, string]> | undefined,
  isNew: true | undefined,
  keysUnchanged: true | undefined,
  oldKeys: Array<[string, string]> | undefined,
): DocChange {
  return { coll: e.coll, id: e.id, doc: e.doc as never, keys, isNew, keysUnchanged, oldKeys };
}

function sameKeys(a: Array<[string, string]>, b: Array<[string, string]>): boolean {
  return a.length === b.length && a.every((x, i) => x[0] === b[i][0] && x[1] === b[i][1]);
}

/**
 * A unit of work over many events: documents are loaded once, changed in
 * memory, and written together with the checkpoint when the batch commits. The projectors'
 * document projections (evolve.ts) read through it and it applies what their `evolve` returns.
 */
export class BatchContext implements EvolveTarget {
  /** the batch's documents by collection, then id (no joined key to build and hash per lookup) */
  private readonly entries = new Map<CollectionName, Map<string, Entry>>();
  /** the same entries, in the order the batch first met them (changes() answers in it) */
  private readonly order: Entry[] = [];
  /** Projects whose search document must be recomputed. */
  readonly touchedProjects = new Set<string>();
  /** index keys of the batch's dirty documents: coll/index/key -> ids (refreshed lazily per collection). */
  private readonly overlay = new Map<string, Set<string>>();
  private readonly stale = new Map<CollectionName, Set<Entry>>();

  /**
   * `appliesOnce`: the batch's storage applies each event once (ProjectionStorage.appliesOnce), so the documents an event
   * creates are not read (`created`).
   */
  constructor(
    private readonly store: BatchReads,
    private readonly appliesOnce = false,
  ) {}

  private entry(coll: CollectionName, id: string): Entry | undefined {
    return this.entries.get(coll)?.get(id);
  }

  private add(entry: Entry): Entry {
    let ids = this.entries.get(entry.coll);
    if (!ids) this.entries.set(entry.coll, (ids = new Map()));
    ids.set(entry.id, entry);
    this.order.push(entry);
    return entry;
  }

  /** The entry of a document as the store had it (null: absent). */
  private loaded(coll: CollectionName, id: string, doc: unknown | null): void {
    this.add({ coll, id, doc, dirty: false, loadedKeys: doc === null ? null : keysOf(coll, doc) });
  }

  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    const now = this.readNow(coll, id);
    if (now !== undefined) return now;
    const doc = await this.store.get(coll, id);
    // two reads of one document at once: the first to return makes its entry (one entry a document, for changes())
    if (!this.entry(coll, id)) this.loaded(coll, id, doc);
    return doc;
  }

  /**
   * A document the event creates: the batch's entry when it has one; else, when `appliesOnce`, none, recorded as absent from
   * the store without reading it (its change is then written as new); else read as get does.
   */
  async created<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    const now = this.createdNow(coll, id);
    return now !== undefined ? now : this.get(coll, id);
  }

  /**
   * `get` without a promise when the batch has the document (null: absent or deleted), or the store answers from memory (a
   * rebuild's RebuildReads); undefined when only `get` can answer (it reads the store). The fold's hot path: most documents
   * an event touches are in the batch already.
   */
  readNow<C extends CollectionName>(coll: C, id: string): Documents[C] | null | undefined {
    const e = this.entry(coll, id);
    if (e) return e.doc as Documents[C] | null;
    const doc = this.store.readNow?.(coll, id);
    if (doc !== undefined) this.loaded(coll, id, doc);
    return doc;
  }

  /** `created` without a promise when it can answer so (as `readNow`; and always when `appliesOnce`); else undefined. */
  createdNow<C extends CollectionName>(coll: C, id: string): Documents[C] | null | undefined {
    if (!this.appliesOnce) return this.readNow(coll, id);
    const e = this.entry(coll, id);
    if (e) return e.doc as Documents[C] | null;
    this.add({ coll, id, doc: null, dirty: false, loadedKeys: null, unread: true });
    return null;
  }

  /** Whether `created` recorded the document as absent from the store in this batch (never without `appliesOnce`). */
  createdInBatch(coll: CollectionName, id: string): boolean {
    return this.entry(coll, id)?.unread === true;
  }

  private set(coll: CollectionName, id: string, doc: unknown | null): void {
    let entry = this.entry(coll, id);
    if (entry) {
      entry.doc = doc;
      entry.dirty = true;
    } else entry = this.add({ coll, id, doc, dirty: true, loadedKeys: undefined });
    let st = this.stale.get(coll);
    if (!st) this.stale.set(coll, (st = new Set()));
    st.add(entry);
  }

  /** Brings the overlay up to date for the dirty documents of one collection. */
  private refresh(coll: CollectionName): void {
    const st = this.stale.get(coll);
    if (!st || st.size === 0) return;
    for (const e of st) {
      for (const [i, k] of e.overlayKeys ?? []) this.overlay.get(`${coll}\u0000${i}\u0000${k}`)?.delete(e.id);
      e.overlayKeys = e.doc === null ? [] : keysOf(coll, e.doc);
      for (const [i, k] of e.overlayKeys) {
        const ok = `${coll}\u0000${i}\u0000${k}`;
        let ids = this.overlay.get(ok);
        if (!ids) this.overlay.set(ok, (ids = new Set()));
        ids.add(e.id);
      }
    }
    st.clear();
  }

  put<C extends CollectionName>(coll: C, id: string, doc: Documents[C]): void {
    this.set(coll, id, doc);
    if (coll === 'projects') this.touchedProjects.add(id);
  }

  delete(coll: CollectionName, id: string): void {
    this.set(coll, id, null);
    if (coll === 'projects') this.touchedProjects.add(id);
  }

  touchProject(id: string): void {
    this.touchedProjects.add(id);
  }

  /** Ids whose index `index` holds `key`, seeing this batch's own changes. */
  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    const stored = await this.store.findIds(coll, index, key);
    const ids = new Set<string>();
    for (const id of stored) {
      const e = this.entry(coll, id);
      // a dirty document counts only if its current keys still hold the key (the overlay below)
      if (!e || !e.dirty) ids.add(id);
    }
    for (const id of this.overlayIds(coll, index, key)) ids.add(id);
    return [...ids].sort();
  }

  /** findIds among this batch's own changes alone, without asking the store (ReadView.findIdsInBatch). */
  findIdsInBatch(coll: CollectionName, index: string, key: string): string[] {
    return [...this.overlayIds(coll, index, key)].sort();
  }

  /** The ids of the batch's dirty documents whose current keys hold the key. */
  private overlayIds(coll: CollectionName, index: string, key: string): Iterable<string> {
    this.refresh(coll);
    return this.overlay.get(`${coll}\u0000${index}\u0000${key}`) ?? [];
  }

  changes(): DocChange[] {
    const out: DocChange[] = [];
    for (const e of this.order) {
      if (!e.dirty) continue;
      // the keys of the current document: the overlay's when it is up to date with it, else computed here, once
      const keys = e.doc === null ? undefined : e.overlayKeys && !this.stale.get(e.coll)?.has(e) ? e.overlayKeys : keysOf(e.coll, e.doc);
      if (e.loadedKeys === null) {
        if (e.doc !== null) out.push(change(e, keys, true, undefined, undefined)); // created and maybe deleted within the batch
      } else if (e.loadedKeys === undefined) out.push(change(e, keys, undefined, undefined, undefined));
      else if (keys && sameKeys(e.loadedKeys, keys)) out.push(change(e, keys, undefined, true, undefined));
      else out.push(change(e, keys, undefined, undefined, e.loadedKeys));
    }
    return out;
  }

  get size(): number {
    return this.order.length;
  }
}

/**
 * One step of the fold: applies an event to the batch's unit of work (the projectors are defineProjector's).
 * `handled`, when given, lists the event types it acts on: the fold does not call it for others.
 */
export type Projector = ((target: EvolveTarget, event: RecordedEvent) => Promise<void>) & { readonly handled?: ReadonlySet<string> };

import type { CollectionName, Documents } from './documents';

/** One write in a batch: the new document, or null to delete it. */
export interface DocChange<C extends CollectionName = CollectionName> {
  coll: C;
  id: string;
  doc: Documents[C] | null;
  /** hint: the document did not exist before this change (no old index keys to remove). */
  isNew?: boolean;
  /** hint: the document's index keys are the same as before (only the body changes). */
  keysUnchanged?: boolean;
  /** hint: the index keys the stored document had ([index, key] pairs). */
  oldKeys?: Array<[string, string]>;
  /** hint: the index keys of `doc` ([index, key] pairs, as indexKeys gives them), computed once by the batch. */
  keys?: Array<[string, string]>;
}

/** What ReadModelStore.counts counts: documents of collections, distinct keys of indexes. */
export interface CountsQuery {
  documents: readonly CollectionName[];
  keys: ReadonlyArray<readonly [CollectionName, string]>;
}

/** ReadModelStore.counts' answer: the counts in the order asked, and the checkpoint they were read at. */
export interface Counts {
  position: number | null;
  documents: number[];
  keys: number[];
}

/**
 * The read-model (document) port. A MongoDB adapter maps each collection to a
 * collection, the secondary indexes of collections.ts to multikey indexes, and
 * `commit` to one transaction (or ordered bulk writes plus the checkpoint
 * document, which is safe because projectors are idempotent from the checkpoint).
 * Every adapter passes read-model/contract.ts.
 */
export interface ReadModelStore {
  get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null>;
  /** Documents in the order of `ids`; missing ones are left out. */
  getMany<C extends CollectionName>(coll: C, ids: readonly string[]): Promise<Documents[C][]>;
  /** Ids of the documents whose index `index` holds `key`, in id order. */
  findIds(coll: CollectionName, index: string, key: string): Promise<string[]>;
  count(coll: CollectionName): Promise<number>;
  /**
   * Counts read together (the statistics): the documents of each collection of `documents` and the distinct keys of each
   * index of `keys` (e.g. distinct project members), in the order asked, with the checkpoint they were read at. They are
   * of the checkpoint at the call or a later one; `position` is null when they could not be read at one position.
   */
  counts(q: CountsQuery): Promise<Counts>;
  /** Every document of a collection, in id order (replay comparison). */
  scan<C extends CollectionName>(coll: C): AsyncIterable<[string, Documents[C]]>;
  /** Global log position of the last event whose effects are stored (0 = none). */
  checkpoint(): Promise<number>;
  /** Applies the changes and moves the checkpoint, atomically. */
  commit(changes: readonly DocChange[], position: number): Promise<void>;
  /** Drops every document and the checkpoint. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';
import type { StoredChange } from '../read-model/stored-change';
import type { SearchChange, SearchIndex } from '../search/port';

/** What a catch-up folded on a worker thread needs of a storage (SqliteProjectionStorage.workerCatchUp). */
export interface WorkerCatchUp {
  /** the file, which the worker reads on a connection of its own */
  path: string;
  /** commits documents serialized on the worker, as commit() does */
  commitStored(docs: readonly StoredChange[], search: readonly SearchChange[], position: number): void;
  /** a document as this storage's connection holds it now (the catchingUp window's commits included) */
  read<C extends CollectionName>(coll: C, id: string): Documents[C] | null;
  /** commits the catchingUp window's transaction and opens the next, so another connection reads what it held */
  commitWindow(): void;
}

/**
 * What the projection runner writes to: the read models and the search index.
 * The SQLite storage writes both and the checkpoint in one transaction; a
 * distributed pair (MongoDB + OpenSearch) is JournaledStorage (journaled.ts), or composeStorage.
 */
export interface ProjectionStorage {
  readModels: ReadModelStore;
  search: SearchIndex;
  checkpoint(): Promise<number>;
  commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void>;
  /**
   * commit(), for a storage that makes the batch's search changes where it writes the batch (on another thread: threaded-bulk.ts,
   * a catch-up worker's target), from the documents written (searchChangesOfWritten): `touched`, the projects whose search
   * documents the batch may have changed. The batch then neither makes them nor hands them over.
   */
  commitTouched?(docs: readonly DocChange[], touched: readonly string[], position: number): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
  /**
   * True when each event's changes are written once: a batch's documents and its checkpoint in one transaction (SQLite), so no
   * event is applied again over the documents it changed. The batch then does not read the documents an event creates
   * (DocumentProjection.creates). Without it, projectors are idempotent: an event applied again keeps what the documents gathered.
   */
  readonly appliesOnce?: boolean;
  /** A SQLite file whose catch-up a worker thread can fold (runner/catch-up-worker.ts); null or absent: none. */
  readonly workerCatchUp?: WorkerCatchUp | null;
  /** Finishes a batch a crash left half-written (storages without one transaction: journaled.ts). */
  recover?(): Promise<boolean>;
  /** recover(), then the checkpoint, in fewer round trips (what the bus worker does before each batch). */
  resume?(): Promise<{ recovered: boolean; checkpoint: number }>;
  /**
   * For a storage whose commit() returns before the batch is written (threaded-bulk.ts): waits for the writes, and throws
   * the failure of one. Without it, what commit() wrote is there once it returns.
   */
  flush?(): Promise<void>;
  /** The runner is catching up a long lag (true) or has caught up (false): a storage may size its caches for it. */
  catchingUp?(behind: boolean): void;
  /**
   * For a storage whose index is written after its read models (journaled.ts): calls listener with each position
   * searches see every change up to, as this writer moves it (no round trip); returns the call that stops it.
   * Without it, commit() writes both and what it wrote is searchable once it returns.
   */
  onSearchable?(listener: (position: number) => void): () => void;
  /**
   * For a storage whose index is refreshed after its writes (journaled.ts over OpenSearch with deferRefresh): calls
   * listener with each position the index holds every change up to, searchable once refreshed (SearchIndex.refreshNow).
   */
  onIndexed?(listener: (position: number) => void): () => void;
}

/**
 * Two separate stores written side by side; the lower checkpoint wins on restart (projectors are
 * idempotent, and both stores refuse a change older than the document they hold).
 */
export function composeStorage(readModels: ReadModelStore, search: SearchIndex): ProjectionStorage {
  return {
    readModels,
    search,
    async checkpoint() {
      return Math.min(await readModels.checkpoint(), await search.checkpoint());
    },
    async commit(docs, changes, position) {
      await Promise.all([readModels.commit(docs, position), search.commit(changes, position)]);
    },
    async reset() {
      await readModels.reset();
      await search.reset();
    },
    async close() {
      await readModels.close();
      await search.close();
    },
  };
}

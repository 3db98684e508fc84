import { parentPort, workerData } from 'node:worker_threads';
import type { SearchChange } from '../search/port';
import { SqliteProjectionStorage } from './sqlite-storage';
import { unpackChanges, type PackedChanges } from './threaded-bulk-pack';
import { searchChangesOfWritten } from '../projectors/search-changes';

/** A batch's search changes, or the projects it touched, whose changes the worker makes from what it writes. */
export type BuildSearch = { search: readonly SearchChange[] } | { touched: readonly string[] };

/** What ThreadedBulkStorage asks its worker. */
export type BuildCall =
  | { t: 'open' }
  | ({ t: 'commit'; docs: PackedChanges; position: number } & BuildSearch)
  | { t: 'catchingUp'; behind: boolean }
  | { t: 'commitWindow' }
  | { t: 'checkpoint' }
  | { t: 'reset' }
  | { t: 'close' };
/** A call numbered; each is answered in order, with the same number. */
export type BuildRequest = BuildCall & { seq: number };
export type BuildAnswer = { seq: number; value?: unknown } | { seq: number; error: string };

/**
 * The build worker (threaded-bulk.ts starts it): a bulk SqliteProjectionStorage whose commits are the batches handed over,
 * done one after the other: each its own transaction, or inside its catchingUp window (one transaction for the whole build,
 * committed when the window closes or when the other thread asks, `commitWindow`, to read what it holds).
 */
const { path } = workerData as { path: string };
let storage: SqliteProjectionStorage | null = null;
const open = () => (storage ??= new SqliteProjectionStorage(path, { bulk: true }));

async function answer(r: BuildRequest): Promise<unknown> {
  switch (r.t) {
    case 'open':
      open();
      return null;
    case 'commit': {
      const target = open();
      const docs = unpackChanges(r.docs);
      // the batches before this one are written on this connection; this one's documents are in `docs`
      const search = 'search' in r ? r.search : searchChangesOfWritten(r.touched, docs, (coll, id) => target.readModels.getSync(coll, id));
      target.commitStoredSync(docs, search, r.position);
      return null;
    }
    case 'catchingUp':
      open().catchingUp(r.behind);
      return null;
    case 'commitWindow':
      open().renewWindow();
      return null;
    case 'checkpoint':
      return open().checkpointSync();
    case 'reset':
      return open().reset();
    case 'close':
      await storage?.close();
      storage = null;
      return null;
  }
}

let chain: Promise<unknown> = Promise.resolve();
parentPort?.on('message', (r: BuildRequest) => {
  chain = chain.then(async () => {
    try {
      parentPort?.postMessage({ seq: r.seq, value: await answer(r) } satisfies BuildAnswer);
    } catch (err) {
      parentPort?.postMessage({ seq: r.seq, error: err instanceof Error ? err.message : String(err) } satisfies BuildAnswer);
    }
  });
});

import { join } from 'node:path';
import { removeSqliteFile, type EventStore } from '@modshelf/events';
import { COLLECTIONS } from '../read-model/documents';
import { ProjectionRunner } from '../runner/runner';
import type { ProjectionFailure } from '../runner/project-batch';
import { SqliteProjectionStorage, projectionsPath } from '../storage/sqlite-storage';
import { ThreadedBulkStorage } from '../storage/threaded-bulk';
import type { ProjectionStorage } from '../storage/port';

export interface ReplayReport {
  /** true when the rebuilt projections equal the live ones. */
  equal: boolean;
  /** the log position both were compared at (the live checkpoint). */
  position: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  documents: number;
  /** the first differences found (collection/id). */
  differences: string[];
  /** where the rebuild stopped when a projector threw (the live projection would stop there too). */
  failures: ProjectionFailure[];
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

async function compareStreams(name: string, a: AsyncIterable<[string, unknown]>, b: AsyncIterable<[string, unknown]>, diffs: string[]): Promise<number> {
  const left = new Map<string, string>();
  for await (const [id, doc] of a) left.set(id, canonical(doc));
  let n = 0;
  for await (const [id, doc] of b) {
    n += 1;
    const l = left.get(id);
    if (l === undefined) diffs.push(`${name}/${id}: only in the rebuild`);
    else if (l !== canonical(doc)) diffs.push(`${name}/${id}: differs`);
    left.delete(id);
  }
  for (const id of left.keys()) diffs.push(`${name}/${id}: only in the live projections`);
  return n;
}

/** Compares every read-model collection and the search index of two storages. */
export async function compareStorages(live: ProjectionStorage, rebuilt: ProjectionStorage): Promise<{ documents: number; differences: string[] }> {
  const differences: string[] = [];
  let documents = 0;
  for (const coll of COLLECTIONS) {
    documents += await compareStreams(coll, live.readModels.scan(coll), rebuilt.readModels.scan(coll), differences);
  }
  documents += await compareStreams('search', live.search.scan(), rebuilt.search.scan(), differences);
  return { documents, differences };
}

/**
 * Rebuilds every projection from the log into a fresh file beside the live one,
 * up to the live checkpoint, and compares the two. `npm run replay` exits non-zero
 * when `equal` is false.
 */
export async function replayAndCompare(opts: {
  store: EventStore;
  dataDir: string;
  /** live projections; default: the file under dataDir. */
  live?: ProjectionStorage;
  /** keep the rebuilt file (default: delete it). */
  keep?: boolean;
  log?: (line: string) => void;
}): Promise<ReplayReport> {
  const log = opts.log ?? (() => {});
  const live = opts.live ?? new SqliteProjectionStorage(projectionsPath(opts.dataDir));
  const position = await live.checkpoint();
  const path = join(opts.dataDir, `replay-${Date.now()}.sqlite`);
  // a fresh file, written by a worker thread while this one reads and folds the log
  const fresh = new ThreadedBulkStorage(path);
  const runner = new ProjectionRunner(opts.store, fresh, { batchSize: 10000 });
  try {
    log(`replaying the log up to position ${position}`);
    const t0 = performance.now();
    await runner.catchUp(position);
    const seconds = (performance.now() - t0) / 1000;
    const events = runner.eventsProjected;
    log(`replayed ${events} events in ${seconds.toFixed(2)} s`);
    const { documents, differences } = await compareStorages(live, fresh);
    return {
      equal: differences.length === 0 && (await fresh.checkpoint()) === position && runner.failures().length === 0,
      position,
      events,
      seconds,
      eventsPerSecond: seconds > 0 ? Math.round(events / seconds) : events,
      documents,
      differences: differences.slice(0, 50),
      failures: runner.failures(),
    };
  } finally {
    await fresh.close();
    if (!opts.live) await live.close();
    if (!opts.keep) removeSqliteFile(path);
  }
}

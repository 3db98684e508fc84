/**
 * Replays the scale bench's live catch-up phase alone, for profiling (not part of `npm run bench`).
 *   prep <events.db> <dir> <projects>: copies the log into dir, builds the projections (bulk), appends 2% more projects,
 *     and keeps a copy of the projections file (projections.sqlite.before) to run the catch-up again from
 *   rebuild <dir> <position>: builds the projections (bulk) of the log up to position into dir, and keeps the copy
 *   run <dir>: restores projections.sqlite from the copy and times the catch-up as the bench does (wall and CPU seconds,
 *     the process's /proc/self/io bytes); LIVE_PROFILE=<file> writes a CPU profile of the catch-up alone, LIVE_TALLY=1
 *     counts the documents committed by collection, LIVE_TIMELINE=1 prints when each page's read and commit (a worker's
 *     commits too) and the catchingUp calls began and ended (ms from the start; a page's fold is between its read and its
 *     commit; a worker reads and folds on its thread, unmarked), LIVE_BATCH
 *     sets the runner's catchUpBatchSize, LIVE_WORKER_MIN its catchUpWorker min, LIVE_WORKER_PAGE its page;
 *     LIVE_FOLD=1 then times folding the read models' recent tables into the main ones, step by step as the site does
 *     (LIVE_FOLD=<rows>: that many rows a step); LIVE_PACED=fold|none then commits 500 small changes at 50 a second, with a fold
 *     step after each (as a site does once its recent tables are large) or none, and prints the commits' durations
 */
import { copyFileSync, existsSync, statSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { SqliteEventStore, SqliteLeaseStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { ProjectionRunner, RECENT_FOLD, SqliteProjectionStorage, projectionsPath } from '@modshelf/projection-service';
import { GeneratedAccruals } from './scale-accruals';
import { foldRecent } from './scale';
import { timedCatchUp } from './util';

async function catchUp(store: SqliteEventStore, storage: SqliteProjectionStorage, batchSize: number, onCaughtUp: () => Promise<void> = async () => {}) {
  const before = await storage.checkpoint();
  const runner = new ProjectionRunner(store, storage, {
    batchSize,
    catchUpBatchSize: process.env.LIVE_BATCH ? Number(process.env.LIVE_BATCH) : undefined,
    catchUpWorker:
      process.env.LIVE_WORKER_MIN || process.env.LIVE_WORKER_PAGE
        ? {
            min: process.env.LIVE_WORKER_MIN ? Number(process.env.LIVE_WORKER_MIN) : undefined,
            page: process.env.LIVE_WORKER_PAGE ? Number(process.env.LIVE_WORKER_PAGE) : undefined,
          }
        : undefined,
    log: (m, e) => console.log(`projections: ${m} ${e ?? ''}`),
  });
  const { seconds, cpu: used } = await timedCatchUp(runner);
  const events = runner.checkpoint() - before;
  const wal = storage.db.name + '-wal';
  if (existsSync(wal)) console.log('wal_mb', statSync(wal).size / 1e6, storage.db.pragma('wal_autocheckpoint', { simple: true }));
  await onCaughtUp();
  await runner.close();
  return {
    events,
    seconds,
    events_per_s: Math.round(events / seconds),
    user_s: used.user / 1e6,
    sys_s: used.system / 1e6,
    cpu_s: (used.user + used.system) / 1e6,
    events_per_cpu_s: Math.round((events * 1e6) / (used.user + used.system)),
  };
}

/** Prints when the catch-up's reads, commits and catchingUp calls begin and end (ms from this call); the fold is between them. */
function timeline(store: SqliteEventStore, storage: SqliteProjectionStorage) {
  const t = performance.now();
  const mark = (what: string) => console.log('timeline', what, Math.round(performance.now() - t));
  const readAll = store.readAll.bind(store);
  store.readAll = async (options) => {
    mark('read');
    const page = await readAll(options);
    mark(`read ${page.length} events`);
    return page;
  };
  const commit = storage.commit.bind(storage);
  storage.commit = async (docs, search, position) => {
    mark('commit');
    await commit(docs, search, position);
    mark(`committed ${docs.length} documents`);
  };
  // a catch-up on a worker thread commits what the worker serialized (workerCatchUp)
  const commitStored = storage.commitStoredSync.bind(storage);
  storage.commitStoredSync = (docs, search, position) => {
    mark('commit from the worker');
    commitStored(docs, search, position);
    mark(`committed ${docs.length} documents from the worker`);
  };
  const catchingUp = storage.catchingUp.bind(storage);
  storage.catchingUp = (behind) => {
    mark(`catchingUp ${behind}`);
    catchingUp(behind);
    mark(`catchingUp ${behind} done`);
  };
}

const [mode, a, b, c] = process.argv.slice(2);
if (mode === 'prep') {
  const dir = b;
  const projects = Number(c);
  copyFileSync(a, join(dir, 'events.db'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  console.log('build', await catchUp(store, new SqliteProjectionStorage(projectionsPath(dir), { bulk: true }), 10_000));
  const accruals = new GeneratedAccruals();
  writeCatalogueEvents(store, Math.max(1000, Math.floor(projects / 50)), 7, projects, { lookups: true, follow: accruals.follow });
  await accruals.commit(new SqliteLeaseStore({ db: store.db }), await store.headPosition());
  await store.close();
  copyFileSync(projectionsPath(dir), projectionsPath(dir) + '.before');
} else if (mode === 'run') {
  const dir = a;
  for (const suffix of ['-wal', '-shm']) rmSync(projectionsPath(dir) + suffix, { force: true });
  copyFileSync(projectionsPath(dir) + '.before', projectionsPath(dir));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const t = performance.now();
  // as the bench's live catch-up (and the site): the WAL is checkpointed by a worker thread, after the catch-up
  const storage = new SqliteProjectionStorage(projectionsPath(dir), { checkpointWorker: true });
  console.log('open_s', (performance.now() - t) / 1000);
  if (process.env.LIVE_TALLY) {
    const tally = new Map<string, number>();
    const commit = storage.commit.bind(storage);
    storage.commit = async (docs, search, position) => {
      for (const d of docs) {
        const k = `${d.coll} ${d.doc === null ? 'del' : d.isNew ? 'new' : d.keysUnchanged ? 'same-keys' : 'keys'}`;
        tally.set(k, (tally.get(k) ?? 0) + 1);
      }
      tally.set(`search ${search.length}`, (tally.get(`search ${search.length}`) ?? 0) + 1);
      return commit(docs, search, position);
    };
    process.on('exit', () => console.log(Object.fromEntries(tally)));
  }
  if (process.env.LIVE_TIMELINE) timeline(store, storage);
  const session = process.env.LIVE_PROFILE ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const io = () =>
    Object.fromEntries(
      readFileSync('/proc/self/io', 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(': '))
        .map(([k, v]) => [k, Number(v)]),
    );
  const ioBefore = io();
  const caughtUp = async () => {
    const ioAfter = io();
    console.log('io_mb', Object.fromEntries(Object.keys(ioAfter).map((k) => [k, Math.round((ioAfter[k] - ioBefore[k]) / 1e5) / 10])));
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.env.LIVE_PROFILE!, JSON.stringify(profile));
    }
  };
  console.log('live', await catchUp(store, storage, 4000, caughtUp));
  if (process.env.LIVE_PACED) {
    // 50 commits a second of one small change each, as the commands' projections commit: folding after each (as a site does
    // once the recent tables are large; here from the start), or never; the commits' durations with the fold step in them
    const fold = process.env.LIVE_PACED === 'fold' ? { ...RECENT_FOLD, minRows: 1, share: 0 } : { ...RECENT_FOLD, minRows: Number.POSITIVE_INFINITY };
    const paced = new SqliteProjectionStorage(projectionsPath(dir), { checkpointWorker: true, fold });
    let position = paced.checkpointSync();
    const took: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t1 = performance.now();
      paced.commitSync(
        [{ coll: 'follows', id: `paced-${i}`, doc: { user_id: `paced-user-${i}`, project_id: `paced-project-${i}`, created: 'x' }, isNew: true }],
        [],
        ++position,
      );
      took.push(performance.now() - t1);
      await new Promise((r) => setTimeout(r, 20));
    }
    took.sort((x, y) => x - y);
    const recent = paced.db.prepare<[], number>('SELECT count(*) FROM rm_docs_recent').pluck().get();
    console.log('paced', process.env.LIVE_PACED, {
      commits: took.length,
      commit_ms: { p50: took[took.length >> 1], p99: took[Math.floor(took.length * 0.99)], max: took.at(-1) },
      recent_docs_left: recent,
    });
    await paced.close();
  }
  if (process.env.LIVE_FOLD) {
    // the fold that the catch-up's recent rows wait for (the site starts it once they are RECENT_FOLD's share of the main tables)
    const cpu = process.cpuUsage();
    const before = io();
    const rows = Number(process.env.LIVE_FOLD) > 1 ? Number(process.env.LIVE_FOLD) : undefined;
    const { storage: folded, seconds, stepsMs: steps } = foldRecent(new SqliteProjectionStorage(projectionsPath(dir), { checkpointWorker: true }), rows);
    const used = process.cpuUsage(cpu);
    console.log('fold', {
      steps: steps.length,
      seconds,
      cpu_s: (used.user + used.system) / 1e6,
      step_ms: { p50: Math.round(steps[steps.length >> 1]), p99: Math.round(steps[Math.floor(steps.length * 0.99)]), max: Math.round(steps.at(-1)!) },
      wal_mb: Math.round((io().write_bytes - before.write_bytes) / 1e5) / 10,
    });
    await folded.close();
  }
  await store.close();
} else if (mode === 'rebuild') {
  const dir = a;
  for (const suffix of ['', '-wal', '-shm', '.before']) rmSync(projectionsPath(dir) + suffix, { force: true });
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const storage = new SqliteProjectionStorage(projectionsPath(dir), { bulk: true });
  const runner = new ProjectionRunner(store, storage, { batchSize: 10_000 });
  const t = performance.now();
  await runner.catchUp(Number(b));
  console.log('build', runner.checkpoint(), (performance.now() - t) / 1000);
  await runner.close();
  await store.close();
  copyFileSync(projectionsPath(dir), projectionsPath(dir) + '.before');
} else throw new Error('prep <events.db> <dir> <projects> | run <dir>');

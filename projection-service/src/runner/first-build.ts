import { renameSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { removeSqliteFile, SqliteEventStore, type EventStore } from '@modshelf/events';
import { SqliteProjectionStorage } from '../storage/sqlite-storage';
import type { ProjectionStorage } from '../storage/port';
import { startProcess } from '../worker-entry';
import type { ProjectionFailure } from './project-batch';
import type { Projections } from './projections';
import { logProjections, ProjectionRunner, type RunnerOptions } from './runner';
import { storageEmpty } from './storage-empty';

/** A site's first start builds in a child process when its log holds at least this many events; a shorter log is folded in the site. */
export const FIRST_BUILD_MIN = 50_000;
/** The child's node flags: npm run replay's (NODE_FLAGS.replay in scripts/server-build.mjs, where they are measured). */
export const FIRST_BUILD_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=256'];

/** What the child (first-build-main.ts) says on stdout, a JSON line each. */
export type FirstBuildLine =
  | { t: 'progress'; position: number }
  | { t: 'log'; msg: string }
  | { t: 'done'; position: number; events: number; seconds: number; failures: ProjectionFailure[] };

export type FirstBuildReport = Omit<Extract<FirstBuildLine, { t: 'done' }>, 't'>;

/**
 * The log's file when a start over `storage` is a first build that goes to a child process: the storage holds nothing
 * (a new data directory, a file of another layout, which opening emptied), the log is a SQLite file of at least `min` events
 * (FIRST_BUILD_MIN), and the projectors are the whole set (not a test's). Null otherwise.
 */
export async function firstBuildLog(store: EventStore, storage: ProjectionStorage, options: { min?: number; projectors?: unknown }): Promise<string | null> {
  if (options.projectors || !(store instanceof SqliteEventStore) || store.db.memory) return null;
  if ((await store.headPosition()) < (options.min ?? FIRST_BUILD_MIN)) return null;
  return (await storageEmpty(storage)) ? store.db.name : null;
}

/**
 * Builds the projections of the log at `eventsPath`, up to `until`, into the fresh file `target`, in a child process
 * (first-build-main.ts) with FIRST_BUILD_NODE_FLAGS; `started` gets the child. Resolves with its report once it has
 * exited; rejects when it could not start, exited otherwise than with its report, or was killed.
 */
function buildInChild(
  eventsPath: string,
  target: string,
  until: number,
  log: (msg: string) => void,
  started: (child: ChildProcess) => void,
): Promise<FirstBuildReport> {
  const child = startProcess(import.meta.url, 'projection-first-build.js', 'first-build-main.ts', [eventsPath, target, String(until)], FIRST_BUILD_NODE_FLAGS);
  started(child);
  let report: FirstBuildReport | null = null;
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: FirstBuildLine;
    try {
      line = JSON.parse(text) as FirstBuildLine;
    } catch {
      return log(`first build: ${text}`);
    }
    if (line.t === 'progress') log(`first build: at position ${line.position} of ${until}`);
    else if (line.t === 'log') log(`first build: ${line.msg}`);
    else {
      const { t: _t, ...done } = line;
      report = done;
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    // 'close' comes after stdout's last line
    child.on('close', (code, signal) => {
      if (code === 0 && report) resolve(report);
      else reject(new Error(`the first build's process ended (${signal ?? `exit code ${code}`}) without building`));
    });
  });
}

/** Resolves with `promise`'s value, or with `timedOut` after `ms`. */
function within<T, U>(promise: Promise<T>, ms: number, timedOut: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<U>((resolve) => (timer = setTimeout(() => resolve(timedOut), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The projections of a site whose first start builds them in a child process (firstBuildLog decides), as `npm run replay`
 * builds: folded on one thread, written on another, with the large young generation of FIRST_BUILD_NODE_FLAGS; the site's
 * own heap never holds a build. While the child builds, reads see an empty storage (in memory) at checkpoint 0, and the site
 * answers. Once it has built, its file takes the projections file's place (the one `open` opens), and a runner serves it,
 * catching up what the log gained meanwhile, then tailing it. When the child fails, the runner builds in this process, as
 * a first start did before; a projector that throws halts the runner at the same event either way.
 */
export class FirstBuildProjections implements Projections {
  private runner: ProjectionRunner | null = null;
  private readonly empty = new SqliteProjectionStorage(':memory:');
  /** the child process while it builds */
  child: ChildProcess | null = null;
  private closed = false;
  /** the runner once the build has ended (null: closed before) */
  private readonly served: Promise<ProjectionRunner | null>;
  readonly ready: Promise<void>;
  /** what the child built (null while it builds, and when it failed) */
  report: FirstBuildReport | null = null;
  private readonly log: (msg: string, err?: unknown) => void;

  constructor(private readonly deps: { store: EventStore; eventsPath: string; path: string; open: () => ProjectionStorage; options?: RunnerOptions }) {
    this.log = deps.options?.log ?? logProjections;
    this.served = this.build();
    this.ready = this.served.then(async (runner) => {
      await runner?.ready;
    });
    this.ready.catch((err) => this.log('first build: the start failed', err));
  }

  private async build(): Promise<ProjectionRunner | null> {
    const { store, eventsPath, path } = this.deps;
    const target = `${path}.build`;
    removeSqliteFile(target);
    const until = await store.headPosition();
    try {
      this.log(`first build of ${until} events, in a child process`);
      const report = await buildInChild(
        eventsPath,
        target,
        until,
        (m) => this.log(m),
        (child) => (this.child = child),
      );
      if (this.closed) throw new Error('closed');
      // the projections file is empty (firstBuildLog): the built one takes its place
      removeSqliteFile(path);
      renameSync(target, path);
      this.report = report;
      this.log(`first build: ${report.events} events in ${report.seconds.toFixed(1)} s, in a child process`);
    } catch (err) {
      removeSqliteFile(target);
      if (this.closed) return null;
      this.log('first build: the child process failed; building in this process', err);
    } finally {
      this.child = null;
    }
    if (this.closed) return null;
    const runner = new ProjectionRunner(store, this.deps.open(), this.deps.options);
    await runner.start();
    this.runner = runner;
    return runner;
  }

  get storage(): ProjectionStorage {
    return this.runner?.storage ?? this.empty;
  }

  checkpoint(): number {
    return this.runner?.checkpoint() ?? 0;
  }

  async waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    if (this.runner) return this.runner.waitForPosition(position, timeoutMs);
    if (position <= 0) return true;
    const t = performance.now();
    const runner = await within(this.served, timeoutMs, null);
    return runner ? runner.waitForPosition(position, Math.max(0, timeoutMs - (performance.now() - t))) : false;
  }

  async lag(): Promise<number> {
    return Math.max(0, (await this.head()) - this.checkpoint());
  }

  head(): Promise<number> {
    return this.deps.store.headPosition();
  }

  failures(): ProjectionFailure[] {
    return this.runner?.failures() ?? [];
  }

  async rebuild(): Promise<void> {
    const runner = await this.served;
    if (!runner) throw new Error('the projections are closed');
    await runner.rebuild();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.child?.kill('SIGKILL');
    const runner = await this.served.catch(() => null);
    await runner?.close();
    await this.empty.close();
  }
}

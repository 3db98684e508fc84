import { setImmediate as yieldToRequests } from 'node:timers/promises';
import {
  ProjectDeleted,
  ProjectReleaseScheduled,
  ProjectStatusChanged,
  VersionDeleted,
  VersionEdited,
  VersionReleaseScheduled,
  projectStream,
  versionStream,
  type EventStore,
  type LeaseStore,
  type RecordedEvent,
} from '@modshelf/events';
import { execute, newCommandContext } from '../../kernel/execute';
import { LeasedJob } from '../../kernel/leased-job';
import { projectDecider } from '../project/project.decider';
import { versionDecider } from '../version/version.decider';

/** One pending release: the stream it lives in and when it is due. */
export interface PendingRelease {
  kind: 'project' | 'version';
  id: string;
  time: string;
}

export interface ReleaseSchedulerOptions {
  store: EventStore;
  leases: LeaseStore;
  /** how often the lease holder looks for due releases, ms (default 1000: released within ~1 s of its time) */
  everyMs?: number;
  /** the scheduler's clock (tests inject one) */
  clock?: () => number;
  holder?: string;
  log?: (message: string, err?: unknown) => void;
  /** log positions read per window of a catch-up, fixed (default: from SCAN_WINDOW, adapted so a window takes 10-40 ms) */
  scanWindow?: number;
}

export const RELEASE_SCHEDULER = 'release-scheduler';
const PENDING = 'pending';
const PAGE = 2000;
/**
 * Log positions per read of a catch-up, at first: the window doubles while a read takes under 10 ms and halves over
 * 40 ms, so the reads between two turns of the event loop stay short whatever a position is (an event in SQLite, a
 * byte offset in EventStoreDB).
 */
export const SCAN_WINDOW = 50_000;
/** The only events that change the pending releases (trackPending): the catch-up reads these alone. */
const SCHEDULE_TYPES = [ProjectReleaseScheduled, VersionReleaseScheduled, ProjectStatusChanged, VersionEdited, ProjectDeleted, VersionDeleted].map(
  (d) => d.type,
);

/** The pending releases after one event of the log (pure). */
export function trackPending(pending: Record<string, PendingRelease>, e: RecordedEvent): void {
  if (ProjectReleaseScheduled.is(e)) pending[e.streamId] = { kind: 'project', id: e.streamId.slice('project-'.length), time: e.data.time };
  else if (VersionReleaseScheduled.is(e)) pending[e.streamId] = { kind: 'version', id: e.streamId.slice('version-'.length), time: e.data.time };
  else if (ProjectStatusChanged.is(e) && e.data.to !== 'scheduled') delete pending[e.streamId];
  else if (VersionEdited.is(e) && e.data.changes.status !== undefined && e.data.changes.status !== 'scheduled') delete pending[e.streamId];
  else if (ProjectDeleted.is(e) || VersionDeleted.is(e)) delete pending[e.streamId];
}

/**
 * Releases scheduled projects and versions at their time, on one replica at a time.
 * A LeasedJob: each period the lease holder reads the log from its checkpoint (the
 * lease's fenced position), updates the pending releases (kept in the lease's state, so a
 * restart or a takeover resumes from them: an item that fell due while the site was down
 * is released on the first run), and sends each due item the `release-scheduled` command.
 * That command appends with the stream's expected revision and its decider answers
 * nothing once the item is no longer scheduled, so a repeated attempt (a takeover in the
 * middle of a run, a second replica) releases nothing twice.
 */
export class ReleaseScheduler {
  private readonly job: LeasedJob;
  private readonly clock: () => number;

  constructor(private readonly options: ReleaseSchedulerOptions) {
    this.clock = options.clock ?? Date.now;
    this.job = new LeasedJob({
      name: RELEASE_SCHEDULER,
      leases: options.leases,
      everyMs: options.everyMs ?? 1000,
      run: () => this.run(),
      holder: options.holder,
      log: options.log,
    });
  }

  get holder(): string {
    return this.job.holder;
  }

  start(): void {
    this.job.start();
  }

  /** One period: true when this replica held the lease and ran. */
  runOnce(): Promise<boolean> {
    return this.job.runOnce();
  }

  /** The pending releases as last committed (any replica may read them). */
  async pending(): Promise<PendingRelease[]> {
    const raw = await this.options.leases.state(RELEASE_SCHEDULER, PENDING);
    return raw ? Object.values(JSON.parse(raw) as Record<string, PendingRelease>) : [];
  }

  private async run(): Promise<void> {
    const { store, leases } = this.options;
    let grant = await leases.current(RELEASE_SCHEDULER);
    if (!grant || grant.holder !== this.job.holder) return;
    let position = await leases.position(RELEASE_SCHEDULER);
    const raw = await leases.state(RELEASE_SCHEDULER, PENDING);
    const pending: Record<string, PendingRelease> = raw ? JSON.parse(raw) : {};
    const state = () => new Map([[PENDING, JSON.stringify(pending)]]);
    const period = this.options.everyMs ?? 1000;
    let periodStart = this.clock();
    const head = await store.headPosition();
    let window = this.options.scanWindow ?? SCAN_WINDOW;
    // Reads the scheduling events up to the head in windows of the log, turning the event loop between two
    // windows: a first run over a large log (1M projects: 7M events) would otherwise hold every request for a minute.
    while (position < head) {
      const upTo = Math.min(head, position + window);
      const started = performance.now();
      for (let after = position; ;) {
        const page = await store.readAll({ after, upTo, types: SCHEDULE_TYPES, maxCount: PAGE });
        for (const e of page) trackPending(pending, e);
        if (page.length < PAGE) break;
        after = page[page.length - 1].position;
      }
      position = upTo;
      const took = performance.now() - started;
      if (this.options.scanWindow === undefined) window = took < 10 ? window * 2 : took > 40 ? Math.max(1000, Math.floor(window / 2)) : window;
      if (position < head) await yieldToRequests();
      if (position < head && this.clock() - periodStart >= period) {
        // a catch-up longer than a period (a first start over a large log): renew the lease and keep the
        // progress, so the run never outlives its lease and a successor resumes from here
        grant = await this.job.renew();
        if (!grant || !(await leases.commit(grant, position, state()))) return;
        periodStart = this.clock();
      }
    }
    const now = this.clock();
    for (const [stream, item] of Object.entries(pending)) {
      if (Date.parse(item.time) > now) continue;
      await this.release(item, new Date(now).toISOString());
      delete pending[stream];
    }
    // fenced: a replica that lost the lease meanwhile writes nothing; its successor reads the same events again
    await leases.commit(grant, position, state());
  }

  private async release(item: PendingRelease, now: string): Promise<void> {
    const ctx = newCommandContext(null);
    if (item.kind === 'project') {
      await execute(this.options.store, projectStream(item.id), projectDecider, { kind: 'release-scheduled', now }, ctx);
    } else {
      await execute(this.options.store, versionStream(item.id), versionDecider, { kind: 'release-scheduled', now }, ctx);
    }
  }

  close(): Promise<void> {
    return this.job.close();
  }
}

import { isIPv4, isIPv6 } from 'node:net';
import { CountJournal } from './count-journal';
import { DownloadsCounted, downloadsStream, newEventId, toNewEvents, type DecidedEvent, type EventStore } from '@modshelf/events';

/**
 * The client key downloads are deduplicated by: an IPv4 address, or the /64
 * prefix of an IPv6 address (Modrinth's util/ip.rs strip_ip). IPv4-mapped IPv6
 * addresses count as their IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

export interface DownloadCounterOptions {
  /** flush period: a key counts at most once per flush window (Modrinth: 15 s) */
  flushMs?: number;
  /** at most this many counted downloads per key in `windowMs` (Modrinth: about 6 per 6 h) */
  maxPerWindow?: number;
  windowMs?: number;
  now?: () => number;
  /**
   * What a flush appends for one project, and where (default: DownloadsCounted per version on
   * downloads-<project>). Page views use the same counting with ProjectViewsCounted on views-<project>.
   */
  stream?: (projectId: string) => string;
  events?: (projectId: string, byVersion: ReadonlyMap<string, number>) => DecidedEvent[];
  /** the journal's SQLite file (default ':memory:', which a crash loses) */
  journalPath?: string;
  /** the journal's WAL synchronous setting (see CountJournalOptions) */
  synchronous?: 'normal' | 'full';
}

const downloadEvents = (projectId: string, byVersion: ReadonlyMap<string, number>) =>
  [...byVersion].map(([versionId, count]) => DownloadsCounted({ project_id: projectId, version_id: versionId || null, count }));

const CLOCK_MARGIN_MS = 5 * 60 * 1000;

/** Whether `stream` already holds an event of the fold `commandId` (begun at `started` ms): read back to the fold's start. */
async function inLog(store: EventStore, stream: string, commandId: string, started: number): Promise<boolean> {
  let from: number | undefined;
  for (;;) {
    const page = await store.readStream(stream, { direction: 'backwards', fromRevision: from, maxCount: 256 });
    for (const e of page) {
      const m = e.metadata as { commandId?: string; time?: string };
      if (m.commandId === commandId) return true;
      // other processes' events may be stamped by a clock a little behind: read a margin further back
      if (m.time && Date.parse(m.time) < started - CLOCK_MARGIN_MS) return false;
    }
    if (page.length < 256) return false;
    from = page[page.length - 1].revision - 1;
  }
}

/**
 * Counts downloads deduplicated per (client key, project), as Modrinth's analytics queue does. Each counted
 * download is written to a SQLite journal (group commit: one transaction per turn of the event loop; `persisted()`
 * settles after it), and the journal is folded into DownloadsCounted events on downloads-<project> streams (a timer
 * every flushMs, and on close). A fold's events carry the fold's command id and its journal rows are deleted only
 * after the append, so `open()` after a crash appends the folds that never reached the log and drops the ones that
 * did: every journalled download is counted once.
 */
export class DownloadCounter {
  private readonly flushMs: number;
  private readonly maxPerWindow: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly stream: (projectId: string) => string;
  private readonly events: (projectId: string, byVersion: ReadonlyMap<string, number>) => DecidedEvent[];
  private readonly journal: CountJournal;
  /** keys counted in the current flush window */
  private window = new Set<string>();
  /** per key: downloads counted and when the counter expires (refreshed on each write) */
  private readonly counters = new Map<string, { n: number; expires: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private opened: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    options: DownloadCounterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 15_000;
    this.maxPerWindow = options.maxPerWindow ?? 6;
    this.windowMs = options.windowMs ?? 6 * 60 * 60 * 1000;
    this.now = options.now ?? Date.now;
    this.stream = options.stream ?? downloadsStream;
    this.events = options.events ?? downloadEvents;
    this.journal = new CountJournal({ path: options.journalPath ?? ':memory:', synchronous: options.synchronous });
  }

  /** Settles what a previous run left in the journal: folds it into the log (each count once). */
  open(): Promise<void> {
    this.opened ??= this.serial(async () => {
      for (const fold of this.journal.claimedFolds()) {
        for (const part of fold.parts) {
          if (await inLog(this.store, this.stream(part.projectId), fold.commandId, fold.started)) this.journal.done(fold.commandId, part.projectId);
          else this.journal.release(fold.commandId, part.projectId);
        }
      }
      this.journal.tidy();
    }).then(() => this.flush());
    return this.opened;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => {}), this.flushMs);
    this.timer.unref();
  }

  /** Records one download; returns whether it counted. A counted one is durable once `persisted()` settles. */
  record(ip: string, projectId: string, versionId: string | null): boolean {
    if (this.stopped) return false;
    const key = `${clientKey(ip)}|${projectId}`;
    if (this.window.has(key)) return false;
    this.window.add(key);
    const t = this.now();
    const c = this.counters.get(key);
    const entry = c && c.expires > t ? c : { n: 0, expires: 0 };
    entry.n += 1;
    entry.expires = t + this.windowMs;
    this.counters.set(key, entry);
    if (entry.n > this.maxPerWindow) return false;
    this.journal.add(projectId, versionId);
    return true;
  }

  /** Settles once every download recorded so far is committed to the journal. */
  persisted(): Promise<void> {
    return this.journal.committed();
  }

  /** Appends what was counted since the last flush and opens a new dedup window. */
  flush(): Promise<void> {
    return this.serial(async () => {
      this.window = new Set();
      const t = this.now();
      if (this.counters.size > 100_000) for (const [k, v] of this.counters) if (v.expires <= t) this.counters.delete(k);
      const commandId = newEventId();
      const fold = this.journal.claim(commandId, t);
      if (!fold) return;
      const time = new Date(t).toISOString();
      let failure: unknown = null;
      for (const { projectId, byVersion } of fold.parts) {
        const events = toNewEvents(
          this.events(projectId, byVersion),
          { commandId, correlationId: commandId, causationId: commandId, actor: null, time },
          newEventId,
        );
        try {
          await this.store.append(this.stream(projectId), events, 'any');
        } catch (err) {
          // not in the log: the rows go back to the journal for the next fold
          this.journal.release(commandId, projectId);
          failure ??= err;
          continue;
        }
        this.journal.done(commandId, projectId);
      }
      this.journal.tidy();
      if (failure) throw failure;
    });
  }

  /** Counted downloads not yet appended as events. */
  get journalled(): number {
    return this.journal.size();
  }

  /** True once close() was called: what is recorded after that is no longer flushed. */
  get closed(): boolean {
    return this.stopped;
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    try {
      await this.flush();
    } finally {
      this.journal.close();
    }
  }

  /** Runs `job` after the flushes before it (one fold at a time). */
  private serial(job: () => Promise<void>): Promise<void> {
    this.flushing = this.flushing.then(job, job);
    return this.flushing;
  }
}

import { isIPv4, isIPv6 } from 'node:net';
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
}

const downloadEvents = (projectId: string, byVersion: ReadonlyMap<string, number>) =>
  [...byVersion].map(([versionId, count]) => DownloadsCounted({ project_id: projectId, version_id: versionId || null, count }));

/**
 * Counts downloads deduplicated per (client key, project), as Modrinth's
 * analytics queue does, and flushes them in batches as DownloadsCounted events
 * on downloads-<project> streams (a timer every flushMs, and on close).
 */
export class DownloadCounter {
  private readonly flushMs: number;
  private readonly maxPerWindow: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly stream: (projectId: string) => string;
  private readonly events: (projectId: string, byVersion: ReadonlyMap<string, number>) => DecidedEvent[];
  /** keys counted in the current flush window */
  private window = new Set<string>();
  /** per key: downloads counted and when the counter expires (refreshed on each write) */
  private readonly counters = new Map<string, { n: number; expires: number }>();
  /** project -> version (or '') -> count waiting to be flushed */
  private pending = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
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
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => {}), this.flushMs);
    this.timer.unref();
  }

  /** Records one download; returns whether it counted. */
  record(ip: string, projectId: string, versionId: string | null): boolean {
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
    let byVersion = this.pending.get(projectId);
    if (!byVersion) this.pending.set(projectId, (byVersion = new Map()));
    byVersion.set(versionId ?? '', (byVersion.get(versionId ?? '') ?? 0) + 1);
    return true;
  }

  /** Appends what was counted since the last flush and opens a new dedup window. */
  flush(): Promise<void> {
    const run = async () => {
      const batch = this.pending;
      this.pending = new Map();
      this.window = new Set();
      const t = this.now();
      if (this.counters.size > 100_000) for (const [k, v] of this.counters) if (v.expires <= t) this.counters.delete(k);
      for (const [projectId, byVersion] of batch) {
        const decided = this.events(projectId, byVersion);
        const time = new Date(t).toISOString();
        const commandId = newEventId();
        const events = toNewEvents(decided, { commandId, correlationId: commandId, causationId: commandId, actor: null, time }, newEventId);
        await this.store.append(this.stream(projectId), events, 'any');
      }
    };
    this.flushing = this.flushing.then(run, run);
    return this.flushing;
  }

  /** True once close() was called: what is recorded after that is no longer flushed. */
  get closed(): boolean {
    return this.stopped;
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

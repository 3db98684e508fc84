import {
  DownloadsCounted,
  NO_STREAM,
  ProjectCreated,
  ProjectDeleted,
  ProjectViewsCounted,
  newEventId,
  toNewEvents,
  type EventStore,
  type NewEvent,
} from '@modshelf/events';
import { Rng } from '@modshelf/events/generator';

const DAY_MS = 86_400_000;

export interface AnalyticsHistoryOptions {
  /** how many days back the history reaches (default 120) */
  days?: number;
  now?: number;
}

/** FNV-1a of a string: a stable seed. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The stream one project's demo history is appended to, in one write: its existence marks the project done. */
export const analyticsHistoryStream = (projectId: string) => `analytics-history-${projectId}`;

/**
 * One project's demo history: per day, the DownloadsCounted and ProjectViewsCounted events the
 * counters would have appended that day (timestamped then), a slow rise with a weekly rhythm and
 * noise. Downloads of monetized projects earn revenue through the real revenue process manager.
 */
export function historyEvents(projectId: string, seed: number, days: number, now: number): NewEvent[] {
  const rng = new Rng(seed);
  const base = 1 + rng.pareto(3, 1.3); // popular projects are rare
  const startDay = Math.floor(now / DAY_MS) - days;
  const out: NewEvent[] = [];
  for (let i = 0; i < days; i++) {
    const day = startDay + i;
    const trend = 0.4 + (0.6 * i) / days;
    const weekend = [0, 6].includes(new Date(day * DAY_MS).getUTCDay()) ? 1.35 : 1;
    const downloads = Math.round(base * trend * weekend * (0.6 + rng.next() * 0.8));
    const views = Math.round(downloads * (2 + rng.next() * 3)) + rng.int(0, 3);
    const time = new Date(day * DAY_MS + rng.int(8, 22) * 3_600_000).toISOString();
    const decided = [
      ...(downloads > 0 ? [DownloadsCounted({ project_id: projectId, version_id: null, count: downloads })] : []),
      ...(views > 0 ? [ProjectViewsCounted({ project_id: projectId, count: views })] : []),
    ];
    if (!decided.length) continue;
    const id = newEventId();
    out.push(...toNewEvents(decided, { commandId: id, correlationId: id, causationId: id, actor: null, time }, newEventId));
  }
  return out;
}

/**
 * Seed step: a few months of daily downloads and page views for every live project, so the
 * analytics charts mean something on a fresh start. Written as the events the download and view
 * counters append, with backdated times (no command decides counts; followers are not invented:
 * the demo follows are real commands, on the day the seed ran). Idempotent and resumable: each
 * project's history is one append to its own stream expecting no stream, skipped when present.
 */
export async function seedAnalyticsHistory(store: EventStore, options: AnalyticsHistoryOptions = {}): Promise<{ projects: number; events: number }> {
  const days = options.days ?? 120;
  const now = options.now ?? Date.now();
  const live = new Map<string, number>(); // project -> the seed of its history
  let after = 0;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 5000 });
    for (const e of batch) {
      // seeded by the slug, not the random id: a resumed seed writes the same figures as an uninterrupted one
      if (e.type === ProjectCreated.type) live.set((e.data as { project_id: string }).project_id, seedOf((e.data as { slug: string }).slug));
      else if (e.type === ProjectDeleted.type) live.delete((e.data as { project_id: string }).project_id);
      after = e.position;
    }
    if (batch.length < 5000) break;
  }
  let projects = 0;
  let events = 0;
  for (const [projectId, n] of live) {
    if ((await store.readStream(analyticsHistoryStream(projectId), { maxCount: 1 })).length) continue;
    const history = historyEvents(projectId, n, days, now);
    try {
      await store.append(analyticsHistoryStream(projectId), history, NO_STREAM);
    } catch (err) {
      if ((await store.readStream(analyticsHistoryStream(projectId), { maxCount: 1 })).length) continue; // another run wrote it
      throw err;
    }
    projects += 1;
    events += history.length;
  }
  return { projects, events };
}

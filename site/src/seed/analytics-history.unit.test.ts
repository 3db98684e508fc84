import { describe, expect, it } from 'vitest';
import { NO_STREAM, ProjectDeleted, SqliteEventStore, newEventId, newId, toNewEvents } from '@modshelf/events';
import { analyticsHistoryStream, historyEvents, seedAnalyticsHistory } from './analytics-history';
import { createdProject, testMetadata } from '@modshelf/events/testing/project-created';

const now = Date.parse('2026-06-15T12:00:00Z');

async function created(store: SqliteEventStore, deleted = false): Promise<string> {
  const { id, stream, events } = createdProject(`p-${newId().toLowerCase()}`);
  const gone = deleted ? toNewEvents([ProjectDeleted({ project_id: id })], testMetadata(), newEventId) : [];
  await store.append(stream, [...events, ...gone], NO_STREAM);
  return id;
}

describe('demo analytics history', () => {
  it('backdates one day of counted downloads and views per day, before now', () => {
    const events = historyEvents('AbCdEfGh', 1, 90, now);
    const days = new Set(events.map((e) => e.metadata.time.slice(0, 10)));
    expect(days.size).toBe(90);
    expect(events.every((e) => Date.parse(e.metadata.time) < now && Date.parse(e.metadata.time) >= now - 91 * 86_400_000)).toBe(true);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['DownloadsCounted', 'ProjectViewsCounted']));
    expect(historyEvents('AbCdEfGh', 1, 90, now).map((e) => e.data)).toEqual(events.map((e) => e.data)); // deterministic
  });

  it('writes each live project once, and skips it on a second run', async () => {
    const store = new SqliteEventStore({ path: ':memory:', pollMs: 10 });
    const a = await created(store);
    const b = await created(store);
    const gone = await created(store, true);
    const first = await seedAnalyticsHistory(store, { days: 30, now });
    expect(first.projects).toBe(2);
    expect(first.events).toBeGreaterThan(30);
    const head = await store.headPosition();
    expect(await seedAnalyticsHistory(store, { days: 30, now })).toEqual({ projects: 0, events: 0 });
    expect(await store.headPosition()).toBe(head);
    for (const id of [a, b])
      expect((await store.readStream(analyticsHistoryStream(id))).every((e) => (e.data as { project_id: string }).project_id === id)).toBe(true);
    expect(await store.readStream(analyticsHistoryStream(gone))).toEqual([]);
    await store.close();
  });
});

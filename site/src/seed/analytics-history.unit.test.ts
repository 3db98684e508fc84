import { describe, expect, it } from 'vitest';
import { NO_STREAM, ProjectCreated, ProjectDeleted, SqliteEventStore, newEventId, newId, projectStream, toNewEvents } from '@modshelf/events';
import { analyticsHistoryStream, historyEvents, seedAnalyticsHistory } from './analytics-history';
import { testProjectDefaults } from '@modshelf/events/testing';

const now = Date.parse('2026-06-15T12:00:00Z');

async function created(store: SqliteEventStore, deleted = false): Promise<string> {
  const id = newId();
  const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: '2026-01-01T00:00:00.000Z' };
  const events = [
    ProjectCreated({
      project_id: id,
      team_id: newId(),
      project_type: 'mod',
      owner_id: newId(),
      organization_id: null,
      thread_id: newId(),
      status: 'draft',
      published: meta.time,
      slug: `p-${id.toLowerCase()}`,
      title: 'Project',
      description: 'A demo project',
      body: '# body',
      categories: ['technology'],
      ...testProjectDefaults(),
    } as Parameters<typeof ProjectCreated>[0]),
    ...(deleted ? [ProjectDeleted({ project_id: id })] : []),
  ];
  await store.append(projectStream(id), toNewEvents(events, meta, newEventId), NO_STREAM);
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

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectEdited } from '../catalogue/project';
import { newEventId } from '../ids';
import { toNewEvents } from '../registry';
import { SqliteEventStore } from '../store/sqlite';
import { createdProject, testMetadata } from '../testing/project-created';
import { KEPT_ANSWERS, SqliteInlineLookup, lookupProjection } from './inline';

const edited = (changes: { slug?: string; description?: string }) => toNewEvents([ProjectEdited({ changes })], testMetadata(), newEventId);

const dirs: string[] = [];
function twoStores() {
  const dir = mkdtempSync(join(tmpdir(), 'lookup-kept-'));
  dirs.push(dir);
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const other = new SqliteEventStore({ path: join(dir, 'events.db') });
  return { store, other, lookup: new SqliteInlineLookup(store), otherLookup: new SqliteInlineLookup(other) };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SqliteInlineLookup: kept answers', () => {
  it('answers a question again without reading the tables while nothing changed them', async () => {
    const { store, other, lookup } = twoStores();
    const p = createdProject('kept-slug');
    await store.append(p.stream, p.events, -1);
    const reads = vi.spyOn(store, 'readInline');
    expect(await lookup.projectWithOrganization('kept-slug')).toEqual({ id: p.id, organizationId: null });
    expect(await lookup.projectWithOrganization('kept-slug')).toEqual({ id: p.id, organizationId: null });
    expect(await lookup.projectId(p.id)).toBe(p.id);
    expect(await lookup.projectId(p.id)).toBe(p.id);
    expect(reads).toHaveBeenCalledTimes(2);
    // an append that changes nothing the lookup holds (a description) keeps the answers
    await store.append(p.stream, edited({ description: 'Another description' }), 0);
    expect(await lookup.projectWithOrganization('kept-slug')).toEqual({ id: p.id, organizationId: null });
    expect(reads).toHaveBeenCalledTimes(2);
    // a kept answer is shared: it cannot be changed by a caller
    expect(Object.isFrozen(await lookup.projectWithOrganization('kept-slug'))).toBe(true);
    await other.close();
    await store.close();
  });

  it("drops its answers when this store's own append changes the tables", async () => {
    const { store, other, lookup } = twoStores();
    const p = createdProject('old-slug');
    await store.append(p.stream, p.events, -1);
    expect(await lookup.projectId('old-slug')).toBe(p.id);
    expect(await lookup.projectId('new-slug')).toBeNull();
    await store.appendGrouped(p.stream, edited({ slug: 'new-slug' }), 0);
    expect(await lookup.projectId('old-slug')).toBeNull();
    expect(await lookup.projectId('new-slug')).toBe(p.id);
    await other.close();
    await store.close();
  });

  it('drops its answers on changes of the projection another user of the store installed first', async () => {
    const { store, other } = twoStores();
    // as the demo seed and a second lookup on one store do: the projection is installed once, by the first
    store.addInlineProjection(lookupProjection());
    const first = new SqliteInlineLookup(store);
    const lookup = new SqliteInlineLookup(store);
    const p = createdProject('seeded-slug');
    await store.append(p.stream, p.events, -1);
    expect(await first.projectId('seeded-slug')).toBe(p.id);
    expect(await lookup.projectId('seeded-slug')).toBe(p.id);
    await store.append(p.stream, edited({ slug: 'renamed-slug' }), 0);
    expect(await first.projectId('seeded-slug')).toBeNull();
    expect(await lookup.projectId('seeded-slug')).toBeNull();
    expect(await lookup.projectId('renamed-slug')).toBe(p.id);
    await other.close();
    await store.close();
  });

  it('drops its answers when another connection commits to the file', async () => {
    const { store, other, lookup, otherLookup } = twoStores();
    const p = createdProject('first-slug');
    await store.append(p.stream, p.events, -1);
    expect(await lookup.projectId('first-slug')).toBe(p.id);
    expect(await lookup.projectId('second-slug')).toBeNull();
    await other.append(p.stream, edited({ slug: 'second-slug' }), 0);
    expect(await lookup.projectId('first-slug')).toBeNull();
    expect(await lookup.projectId('second-slug')).toBe(p.id);
    // and the other way round, through a store that answered before
    expect(await otherLookup.projectId('second-slug')).toBe(p.id);
    await store.append(p.stream, edited({ slug: 'third-slug' }), 1);
    expect(await otherLookup.projectId('second-slug')).toBeNull();
    expect(await otherLookup.projectId('third-slug')).toBe(p.id);
    await other.close();
    await store.close();
  });

  it('keeps no answer of a write that rolled back', async () => {
    const { store, other, lookup } = twoStores();
    expect(await lookup.projectId('rolled-back')).toBeNull();
    const p = createdProject('rolled-back');
    await expect(
      store.appendMulti([
        { streamId: p.stream, events: p.events, expected: -1 },
        { streamId: 'x-1', events: p.events, expected: 5 },
      ]),
    ).rejects.toThrow();
    expect(await lookup.projectId('rolled-back')).toBeNull();
    await store.append(p.stream, p.events, -1);
    expect(await lookup.projectId('rolled-back')).toBe(p.id);
    await other.close();
    await store.close();
  });

  it(`starts over once it holds ${KEPT_ANSWERS} answers`, async () => {
    const { store, other, lookup } = twoStores();
    const p = createdProject('bounded');
    await store.append(p.stream, p.events, -1);
    expect(await lookup.projectId('bounded')).toBe(p.id);
    const reads = vi.spyOn(store, 'readInline');
    for (let i = 0; i < KEPT_ANSWERS; i++) await lookup.userExists(`nobody-${i}`);
    expect(reads).toHaveBeenCalledTimes(KEPT_ANSWERS);
    // the 10,000th answer started the map over: the first question is read again
    expect(await lookup.projectId('bounded')).toBe(p.id);
    expect(reads).toHaveBeenCalledTimes(KEPT_ANSWERS + 1);
    await other.close();
    await store.close();
  });
});

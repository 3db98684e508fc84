import {
  DownloadsCounted,
  ProjectDeleted,
  ProjectEdited,
  ProjectFollowed,
  ProjectUnfollowed,
  downloadsStream,
  followsStream,
  projectStream,
  type EventStore,
} from '@modshelf/events';
import { compareStorages } from '../replay/replay';
import type { SearchRequest } from '../search/port';
import type { ProjectionStorage } from '../storage/port';
import { Fixtures } from './fixtures';

/** Searches two projections of one log must answer alike (the last finds the project reachBack renames). */
export const SAME_QUERIES: SearchRequest[] = [
  { query: '', filter: [], sort: 'relevance', offset: 0, limit: 20 },
  { query: '', filter: [], sort: 'newest', offset: 40, limit: 20 },
  { query: 'mod', filter: [], sort: 'downloads', offset: 0, limit: 50 },
  { query: 'craft', filter: [], sort: 'follows', offset: 0, limit: 10 },
  { query: 'renamed', filter: [], sort: 'relevance', offset: 0, limit: 10 },
];

/** Where `actual` differs from `expected`: every document (compareStorages), and the totals and hits of SAME_QUERIES. */
export async function projectionDifferences(expected: ProjectionStorage, actual: ProjectionStorage): Promise<{ documents: number; differences: string[] }> {
  const { documents, differences } = await compareStorages(expected, actual);
  for (const q of SAME_QUERIES) {
    const [a, b] = [await expected.search.search(q), await actual.search.search(q)];
    if (a.total !== b.total || JSON.stringify(a.hits) !== JSON.stringify(b.hits)) differences.push(`search ${JSON.stringify(q)}`);
  }
  return { documents, differences };
}

/**
 * Later events that reach back to documents written long before (`ids`: five projects' ids): a rename (to "Renamed one"),
 * two follows and an unfollow, a download count, a deletion (of ids[4]), and a late project with a version.
 */
export async function reachBack(store: EventStore, ids: readonly string[]): Promise<{ fan: string }> {
  const fx = new Fixtures(store);
  const fan = await fx.user('fan');
  await fx.emit(projectStream(ids[0]), [ProjectEdited({ changes: { slug: 'renamed-one', title: 'Renamed one' } })]);
  await fx.emit(followsStream(fan), [ProjectFollowed({ user_id: fan, project_id: ids[1] }), ProjectFollowed({ user_id: fan, project_id: ids[2] })]);
  await fx.emit(followsStream(fan), [ProjectUnfollowed({ user_id: fan, project_id: ids[1] })]);
  await fx.emit(downloadsStream(ids[3]), [DownloadsCounted({ project_id: ids[3], version_id: null, count: 5 })]);
  await fx.emit(projectStream(ids[4]), [ProjectDeleted({ project_id: ids[4] })]);
  const late = await fx.project(fan, { title: 'Late project' });
  await fx.version(late, fan, { version_number: '2.0.0' });
  return { fan };
}

/** Appends an event no projector can fold (a version of its schema no upcaster reads); answers its position. */
export async function appendUnreadable(store: EventStore): Promise<number> {
  const event = { type: 'DownloadsCounted', schemaVersion: -1, data: { project_id: 'p-bad', version_id: null, count: 1 }, metadata: {} as never };
  return (await store.append(downloadsStream('p-bad'), [event], -1)).position;
}

import { describe, expect, it } from 'vitest';
import { projectStream, userStream } from '@modshelf/events';
import { EventLog, given, projectCreated, userRegistered } from '../testing/given-events';
import type { Documents } from '../read-model/documents';
import { storedChange } from '../read-model/stored-change';
import { projectProjector } from './project.projector';
import { searchDocument } from './search-document';
import { searchChangesOfWritten } from './search-changes';
import { userProjector } from './user.projector';

/** The documents the projectors make of a user and two listed projects of theirs, A and B, and a draft, C. */
async function documents() {
  const log = new EventLog();
  const then = await given(
    {},
    [
      log.on(userStream('OWNER001'), userRegistered('OWNER001', 'alice')),
      log.on(projectStream('PROJ000A'), projectCreated('PROJ000A', 'OWNER001', { status: 'approved', title: 'Gravestones' })),
      log.on(projectStream('PROJ000B'), projectCreated('PROJ000B', 'OWNER001', { status: 'approved', title: 'Lanterns' })),
      log.on(projectStream('PROJ000C'), projectCreated('PROJ000C', 'OWNER001', { title: 'Draft' })),
    ],
    [userProjector, projectProjector],
  );
  return {
    user: then.documents.users!.OWNER001,
    a: then.documents.projects!.PROJ000A,
    b: then.documents.projects!.PROJ000B,
    c: then.documents.projects!.PROJ000C,
  };
}

describe('searchChangesOfWritten: the search changes made where a batch is written', () => {
  it('reads a touched project and its owner from the batch when it wrote them, else from the storage before it', async () => {
    const { user, a, b, c } = await documents();
    // given: the storage holds A and the owner as "alice"; the batch renames the owner, writes B and C, and deletes D
    const stored: { [C in 'projects' | 'users']?: Record<string, Documents[C]> } = { projects: { PROJ000A: a, PROJ000D: a }, users: { OWNER001: user } };
    const renamed = { ...user, username: 'alicia' };
    const written = [
      { coll: 'users' as const, id: 'OWNER001', doc: renamed },
      { coll: 'projects' as const, id: 'PROJ000B', doc: b, isNew: true },
      { coll: 'projects' as const, id: 'PROJ000C', doc: c, isNew: true },
      { coll: 'projects' as const, id: 'PROJ000D', doc: null },
    ].map(storedChange);
    const reads: string[] = [];
    const read = <C extends 'projects' | 'users'>(coll: C, id: string) => {
      reads.push(`${coll}/${id}`);
      return (stored[coll]?.[id] ?? null) as Documents[C] | null;
    };
    // when
    const changes = searchChangesOfWritten(['PROJ000A', 'PROJ000B', 'PROJ000C', 'PROJ000D', 'PROJ000E'], written, read);
    // then: listed projects are indexed under the owner's new name; a draft, a deleted and an unknown project are removed
    expect(changes).toEqual([
      { projectId: 'PROJ000A', doc: searchDocument(a, 'alicia') },
      { projectId: 'PROJ000B', doc: searchDocument(b, 'alicia') },
      { projectId: 'PROJ000C', doc: null },
      { projectId: 'PROJ000D', doc: null },
      { projectId: 'PROJ000E', doc: null },
    ]);
    // only what the batch did not write is read from the storage
    expect(reads).toEqual(['projects/PROJ000A', 'projects/PROJ000E']);
  });
});

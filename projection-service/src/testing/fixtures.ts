import { createHash } from 'node:crypto';
import {
  NO_STREAM,
  ProjectCreated,
  ProjectStatusChanged,
  SqliteEventStore,
  UserRegistered,
  VersionPublished,
  newEventId,
  newId,
  projectStream,
  toNewEvents,
  userStream,
  versionStream,
  type DecidedEvent,
  type EventStore,
} from '@modshelf/events';
import { testProjectDefaults } from '@modshelf/events/testing';

/** Builds catalogue events for read-side tests and benchmarks (what the command side would append). */
export class Fixtures {
  private clock = Date.parse('2024-01-01T00:00:00Z');

  constructor(readonly store: EventStore) {}

  static memory(): Fixtures {
    return new Fixtures(new SqliteEventStore({ path: ':memory:', pollMs: 10 }));
  }

  now(): string {
    this.clock += 60_000;
    return new Date(this.clock).toISOString();
  }

  async emit(streamId: string, events: DecidedEvent[], actor: string | null = null): Promise<number> {
    const id = newEventId();
    const meta = { commandId: id, correlationId: id, causationId: id, actor, time: this.now() };
    const r = await this.store.append(streamId, toNewEvents(events, meta, newEventId), 'any');
    return r.position;
  }

  async user(username: string, role: 'developer' | 'moderator' | 'admin' = 'developer'): Promise<string> {
    const id = newId();
    await this.emit(userStream(id), [UserRegistered({ user_id: id, username, role, avatar_url: null, bio: `bio of ${username}`, created: this.now() })], id);
    return id;
  }

  async project(
    owner: string,
    fields: Partial<Parameters<typeof ProjectCreated>[0]> & { title: string },
    status: 'approved' | 'draft' | 'processing' | 'unlisted' | 'archived' | 'private' = 'approved',
  ): Promise<string> {
    const id = newId();
    const slug =
      fields.slug ??
      fields.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
    await this.emit(
      projectStream(id),
      [
        ProjectCreated({
          project_id: id,
          team_id: newId(),
          project_type: 'mod',
          owner_id: owner,
          organization_id: null,
          thread_id: newId(),
          status: 'draft',
          published: this.now(),
          description: `A project called ${fields.title}`,
          body: '# body',
          categories: ['technology'],
          ...testProjectDefaults(),
          ...fields,
          slug,
        }),
      ],
      owner,
    );
    if (status !== 'draft') {
      await this.emit(projectStream(id), [ProjectStatusChanged({ from: 'draft', to: 'processing' })], owner);
      if (status !== 'processing') await this.emit(projectStream(id), [ProjectStatusChanged({ from: 'processing', to: status })], null);
    }
    return id;
  }

  async version(
    projectId: string,
    author: string,
    fields: Partial<Parameters<typeof VersionPublished>[0]> & { version_number: string },
  ): Promise<{ id: string; sha1: string; sha512: string; position: number }> {
    const id = newId();
    const content = `${projectId}/${fields.version_number}/${id}`;
    const sha1 = createHash('sha1').update(content).digest('hex');
    const sha512 = createHash('sha512').update(content).digest('hex');
    const position = await this.emit(
      versionStream(id),
      [
        VersionPublished({
          version_id: id,
          project_id: projectId,
          author_id: author,
          date_published: this.now(),
          name: `Version ${fields.version_number}`,
          changelog: `changes in ${fields.version_number}`,
          version_type: 'release',
          loaders: ['coreengine'],
          game_versions: ['1.11.4'],
          featured: false,
          status: 'listed',
          requested_status: null,
          dependencies: [],
          files: [
            {
              hashes: { sha1, sha512 },
              url: `https://cdn.example/data/${projectId}/${id}/file.jar`,
              filename: `file-${fields.version_number}.jar`,
              primary: true,
              size: 1234,
              file_type: null,
            },
          ],
          ...fields,
        }),
      ],
      author,
    );
    return { id, sha1, sha512, position };
  }
}

export { NO_STREAM };

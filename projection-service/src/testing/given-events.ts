import { createHash } from 'node:crypto';
import { ProjectCreated, UserRegistered, VersionPublished, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { ReadModelStore } from '../read-model/port';
import { BatchContext, type Projector } from '../projectors/index';
import { testProjectDefaults } from '@modshelf/events/testing';

/** Documents by collection and id: what a test gives and what it expects. */
export type DocumentState = { [C in CollectionName]?: Record<string, Documents[C]> };

/** Recorded events with positions, revisions of their streams, event ids and times in order (no store: the log as a list). */
export class EventLog {
  private position = 0;
  private clock = Date.parse('2024-01-01T00:00:00Z');
  /** each stream's next revision */
  private readonly revisions = new Map<string, number>();

  /** The time of the next event (each event is a minute after the one before). */
  nextTime(): string {
    return new Date(this.clock + 60_000).toISOString();
  }

  on<T extends string, D>(streamId: string, decided: DecidedEvent<T, D>, actor: string | null = null): RecordedEvent<T, D> {
    this.position += 1;
    this.clock += 60_000;
    const eventId = `event-${this.position}`;
    const revision = this.revisions.get(streamId) ?? 0;
    this.revisions.set(streamId, revision + 1);
    return {
      type: decided.type,
      schemaVersion: 1,
      data: decided.data,
      streamId,
      revision,
      position: this.position,
      metadata: { eventId, commandId: eventId, correlationId: eventId, causationId: eventId, actor, time: new Date(this.clock).toISOString() },
    };
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The given documents as a store the batch reads through (indexes computed as the adapters do). */
class GivenDocuments implements Pick<ReadModelStore, 'get' | 'findIds'> {
  /** the documents read, as `coll/id`, and the index lookups, as `coll?index=key`, in order */
  readonly reads: string[] = [];
  constructor(private readonly state: DocumentState) {}

  private docs<C extends CollectionName>(coll: C): Record<string, Documents[C]> {
    return this.state[coll] ?? {};
  }

  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    this.reads.push(`${coll}/${id}`);
    return this.docs(coll)[id] ?? null;
  }

  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    this.reads.push(`${coll}?${index}=${key}`);
    const ids = Object.entries(this.docs(coll)).filter(([, doc]) => indexKeys(coll, doc).some(([i, k]) => i === index && k === key));
    return ids.map(([id]) => id).sort();
  }
}

/** A batch whose reads hand out frozen documents: a projector that changes what it was given throws. */
class FrozenBatch extends BatchContext {
  override async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    return deepFreeze(await super.get(coll, id));
  }
}

/** What the projectors made of the events: every document after them and the projects whose search documents they touched. */
export interface Then {
  documents: DocumentState;
  touchedProjects: string[];
  /** the documents the batch read from the given ones, as `coll/id` */
  reads: string[];
}

/**
 * Given these documents, when `projectors` fold these events (in one batch, as the runner does),
 * then these documents. Pure: no store, no clock; the given documents and events are frozen, so
 * an `evolve` that changes its inputs fails the test. `appliesOnce`: the batch of a storage that applies each event once
 * (ProjectionStorage.appliesOnce), which does not read the documents an event creates.
 */
export async function given(
  documents: DocumentState,
  events: readonly RecordedEvent[],
  projectors: readonly Projector[],
  options: { appliesOnce?: boolean } = {},
): Promise<Then> {
  const store = new GivenDocuments(deepFreeze(structuredClone(documents)));
  const batch = new FrozenBatch(store, options.appliesOnce);
  for (const e of events) {
    deepFreeze(e);
    for (const p of projectors) await p(batch, e);
  }
  const after = structuredClone(documents);
  for (const c of batch.changes()) setDocument(after, c.coll, c.id, c.doc);
  return { documents: after, touchedProjects: [...batch.touchedProjects].sort(), reads: store.reads };
}

function setDocument<C extends CollectionName>(state: DocumentState, coll: C, id: string, doc: Documents[C] | null): void {
  const docs: Record<string, Documents[C]> = { ...state[coll] };
  if (doc === null) delete docs[id];
  else docs[id] = doc;
  Object.assign(state, { [coll]: docs });
}

/** A ProjectCreated of a draft mod owned by `owner`, its team TEAM<last 4 of the id>, its thread THRD<last 4> (fields override). */
export function projectCreated(projectId: string, owner: string, fields: Partial<Parameters<typeof ProjectCreated>[0]> = {}) {
  return ProjectCreated({
    project_id: projectId,
    team_id: `TEAM${projectId.slice(-4)}`,
    project_type: 'mod',
    owner_id: owner,
    organization_id: null,
    thread_id: `THRD${projectId.slice(-4)}`,
    status: 'draft',
    published: '2024-01-01T00:00:00.000Z',
    slug: `slug-${projectId}`,
    title: `Project ${projectId}`,
    description: 'A project',
    body: '# body',
    categories: ['technology'],
    ...testProjectDefaults(),
    ...fields,
  });
}

/** A listed release of `projectId` with one primary file (its hashes those of the version id; fields override). */
export function versionPublished(versionId: string, projectId: string, fields: Partial<Parameters<typeof VersionPublished>[0]> = {}) {
  const sha1 = createHash('sha1').update(versionId).digest('hex');
  const sha512 = createHash('sha512').update(versionId).digest('hex');
  return VersionPublished({
    version_id: versionId,
    project_id: projectId,
    author_id: 'AUTHOR01',
    date_published: '2024-02-01T00:00:00.000Z',
    name: `Version of ${versionId}`,
    version_number: '1.0.0',
    changelog: null,
    version_type: 'release',
    loaders: ['coreengine'],
    game_versions: ['1.11.4'],
    featured: false,
    status: 'listed',
    requested_status: null,
    dependencies: [],
    files: [{ hashes: { sha1, sha512 }, url: `https://cdn.example/${versionId}.jar`, filename: `${versionId}.jar`, primary: true, size: 1, file_type: null }],
    ...fields,
  });
}

/** A developer's registration (fields override). */
export function userRegistered(userId: string, username: string, fields: Partial<Parameters<typeof UserRegistered>[0]> = {}) {
  return UserRegistered({ user_id: userId, username, role: 'developer', avatar_url: null, bio: null, created: '2024-01-01T00:00:00.000Z', ...fields });
}

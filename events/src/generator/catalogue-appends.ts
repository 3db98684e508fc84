/**
 * The generated catalogue as the stream appends an import would make (no HTTP, no blobs): users, then per
 * project its creation with the owner, its versions, its downloads and sometimes a follow. The events are
 * validated by their schemas; ./write-events.ts writes them to a log.
 */
import { hash } from 'node:crypto';
import { LICENSES } from '@modshelf/contract';
import {
  DownloadsCounted,
  NO_STREAM,
  ProjectCreated,
  ProjectFollowed,
  TeamMemberAdded,
  UserRegistered,
  VersionPublished,
  downloadsStream,
  followsStream,
  projectStream,
  eventDefinition,
  userStream,
  versionStream,
  type DecidedEvent,
  type EventMetadata,
  type NewEvent,
  type StreamAppend,
} from '../index';
import { generateCatalogue, type GeneratedProject } from './catalogue';
import { Rng } from './random';
import { randomIds, type GeneratedIds } from './random-ids';

/**
 * As toNewEvents makes them, without validating again the data the event's constructor has just validated
 * (bulk-log-writer.int.test.ts shows the schemas leave the generated data as it is, byte for byte).
 */
function newEvents(decided: DecidedEvent[], metadata: Omit<EventMetadata, 'eventId'>, eventId: () => string): NewEvent[] {
  return decided.map((d) => {
    const def = eventDefinition(d.type);
    if (!def) throw new Error(`unknown event type ${d.type}`);
    return { type: d.type, schemaVersion: def.version, data: d.data, metadata: { ...metadata, eventId: eventId() } };
  });
}

/** one call per digest (crypto.hash), without a Hash object for each */
const sha = (algorithm: 'sha1' | 'sha512', content: string) => hash(algorithm, content, 'hex');

/**
 * `count` projects (numbered from `first`, so a second batch into the same log keeps slugs and author names
 * unique) with their authors (one per 50 projects, at least 10), versions, downloads and some follows, as one
 * new stream per append. Slugs carry the project's number.
 */
export function* catalogueAppends(count: number, seed = 42, first = 0, ids: GeneratedIds = randomIds()): Generator<StreamAppend> {
  const r = new Rng(seed ^ 0x5eed);
  const time = (from: number) => new Date(from + Math.floor(r.next() * 6e10)).toISOString();
  const authors = Array.from({ length: Math.max(10, Math.floor(count / 50)) }, (_, i) => ({
    id: ids.id(),
    name: first ? `author_${first}_${i}` : `author_${i}`,
  }));
  const append = (streamId: string, decided: DecidedEvent[]): StreamAppend => {
    const id = ids.eventId();
    const meta = { commandId: id, correlationId: id, causationId: id, actor: null, time: time(Date.UTC(2024, 0, 1)) };
    return { streamId, events: newEvents(decided, meta, ids.eventId), expected: NO_STREAM };
  };
  for (const a of authors) {
    yield append(userStream(a.id), [
      UserRegistered({ user_id: a.id, username: a.name, role: 'developer', avatar_url: null, bio: null, created: '2024-01-01T00:00:00Z' }),
    ]);
  }
  let i = first;
  for (const p of generateCatalogue({ count, authors: authors.length, seed, first })) {
    const author = authors[p.authorIndex];
    const projectId = ids.id();
    const slug = `${p.slug}-${i}`;
    const published = time(Date.UTC(2023, 0, 1));
    yield append(projectStream(projectId), [
      projectCreated(p, { projectId, teamId: ids.id(), threadId: ids.id(), slug, ownerId: author.id, published }),
      teamOwner(author.id),
    ]);
    for (const v of p.versions) {
      const versionId = ids.id();
      yield append(versionStream(versionId), [
        VersionPublished({
          version_id: versionId,
          project_id: projectId,
          author_id: author.id,
          name: v.name,
          version_number: v.version_number,
          changelog: v.changelog,
          version_type: v.version_type,
          loaders: v.loaders,
          game_versions: v.game_versions,
          featured: false,
          status: 'listed',
          requested_status: null,
          dependencies: [],
          date_published: published,
          files: v.files.map((f) => ({
            hashes: { sha1: sha('sha1', `${slug}/${v.version_number}/${f.filename}`), sha512: sha('sha512', `${slug}/${v.version_number}/${f.filename}`) },
            url: `http://localhost/cdn/data/${projectId}/versions/${versionId}/${f.filename}`,
            filename: f.filename,
            primary: f.primary,
            size: 1000 + i,
            file_type: null,
          })),
        }),
      ]);
    }
    yield append(downloadsStream(projectId), [DownloadsCounted({ project_id: projectId, version_id: null, count: p.downloads })]);
    if (r.next() < 0.3) {
      const fan = r.pick(authors);
      yield append(`${followsStream(fan.id)}-${i}`, [ProjectFollowed({ user_id: fan.id, project_id: projectId })]);
    }
    i++;
  }
}

function projectCreated(
  p: GeneratedProject,
  at: { projectId: string; teamId: string; threadId: string; slug: string; ownerId: string; published: string },
): DecidedEvent {
  const license = LICENSES.find((l) => l.short === p.license_id) ?? LICENSES[0];
  return ProjectCreated({
    project_id: at.projectId,
    team_id: at.teamId,
    project_type: p.type === 'behaviorpack' ? 'mod' : p.type,
    owner_id: at.ownerId,
    organization_id: null,
    thread_id: at.threadId,
    status: p.status,
    published: at.published,
    slug: at.slug,
    title: p.title,
    description: p.description,
    body: p.body,
    categories: p.categories,
    additional_categories: p.additional_categories,
    license: { id: license.short, name: license.name, url: null },
    client_side: p.client_side,
    server_side: p.server_side,
    issues_url: p.issues_url,
    source_url: p.source_url,
    wiki_url: p.wiki_url,
    discord_url: p.discord_url,
    donation_urls: p.donation_urls,
    requested_status: 'approved',
    moderator_message: null,
    monetization_status: 'monetized',
  });
}

function teamOwner(userId: string): DecidedEvent {
  return TeamMemberAdded({ user_id: userId, role: 'Owner', permissions: 1023, ordering: 0, accepted: true, is_owner: true });
}

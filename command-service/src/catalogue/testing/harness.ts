import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  NO_STREAM,
  SqliteEventStore,
  UserRegistered,
  newEventId,
  toNewEvents,
  userStream,
  type Actor,
  type EventStore,
  type RecordedEvent,
} from '@modshelf/events';
import { ALL_SCOPES, installErrorHandling } from '@modshelf/service-kit';
import { LocalBlobStore } from '../../blobs/local-blob-store';
import { registerCatalogueCommands } from '../plugin';

export const USERS = {
  owner: { userId: 'OwnerAAA', username: 'owner', role: 'developer' },
  member: { userId: 'MemberBB', username: 'member', role: 'developer' },
  stranger: { userId: 'StrangeC', username: 'stranger', role: 'developer' },
  moderator: { userId: 'ModerDDD', username: 'moddy', role: 'moderator' },
  admin: { userId: 'AdminEEE', username: 'admin', role: 'admin' },
} as const;
export type UserKey = keyof typeof USERS;

export const PUBLIC_URL = 'http://modshelf.test';

/** Registers the USERS in a store (as UserRegistered events). */
export async function registerTestUsers(store: EventStore): Promise<void> {
  for (const u of Object.values(USERS)) {
    const meta = { commandId: 'seed', correlationId: 'seed', causationId: 'seed', actor: null, time: '2026-01-01T00:00:00.000Z' };
    const data = { user_id: u.userId, username: u.username, role: u.role, avatar_url: null, bio: null, created: meta.time };
    await store.append(userStream(u.userId), toNewEvents([UserRegistered(data)], meta, newEventId), NO_STREAM);
  }
}

/** Test-only auth stand-in: the actor from `x-test-user` (a key of USERS), its scopes from `x-test-scopes` (default: all). */
export function installTestAuth(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('actor')) app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const key = request.headers['x-test-user'];
    const u = typeof key === 'string' ? USERS[key as UserKey] : undefined;
    const scopes = request.headers['x-test-scopes'];
    const actor: Actor | null = u ? { ...u, kind: 'session', scopes: typeof scopes === 'string' ? Number(scopes) : ALL_SCOPES, tokenRefId: 'test' } : null;
    request.actor = actor;
  });
}

/**
 * Test-only: a real SQLite store and blob folder in a temp dir, the catalogue
 * routes, and an auth stand-in that takes the actor from `x-test-user` (a key of
 * USERS) and its scopes from `x-test-scopes` (default: all).
 */
export async function harness(options: { maxFileBytes?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const blobs = new LocalBlobStore(join(dir, 'blobs'));
  await registerTestUsers(store);
  const app: FastifyInstance = Fastify({ logger: false });
  installErrorHandling(app);
  installTestAuth(app);
  registerCatalogueCommands(app, {
    store,
    dataDir: dir,
    publicUrl: PUBLIC_URL,
    blobs,
    maxFileBytes: options.maxFileBytes ?? 64 * 1024,
    downloadFlushMs: 60_000,
  });
  await app.ready();
  const head = () => store.headPosition();
  return {
    app,
    store,
    blobs,
    dir,
    head,
    events: async (after = 0): Promise<RecordedEvent[]> => store.readAll({ after }),
    as: (user: UserKey, extra: Record<string, string> = {}) => ({ 'x-test-user': user, ...extra }),
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Harness = Awaited<ReturnType<typeof harness>>;

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  content?: Buffer | string;
  contentType?: string;
}

/** Builds a multipart/form-data body for fastify.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----modshelf${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    else if (p.contentType) head += `\r\nContent-Type: ${p.contentType}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content ?? p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const projectData = (over: Record<string, unknown> = {}) => ({
  slug: 'cool-mod',
  title: 'Cool mod',
  description: 'A cool mod for testing',
  body: '# Cool',
  categories: ['magic'],
  client_side: 'required',
  server_side: 'optional',
  license_id: 'MIT',
  project_type: 'mod',
  is_draft: true,
  ...over,
});

export const versionData = (projectId: string, over: Record<string, unknown> = {}) => ({
  project_id: projectId,
  name: 'First',
  version_number: '1.0.0',
  changelog: 'initial',
  game_versions: ['1.11.4'],
  loaders: ['coreengine'],
  version_type: 'release',
  featured: false,
  dependencies: [],
  file_parts: ['file'],
  ...over,
});

/** Creates a project as `user` and returns its id and team. */
export async function createProject(h: Harness, over: Record<string, unknown> = {}, user: UserKey = 'owner') {
  const body = multipart([{ name: 'data', value: JSON.stringify(projectData(over)) }]);
  const res = await h.app.inject({ method: 'POST', url: '/v2/project', headers: { ...h.as(user), ...body.headers }, payload: body.payload });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; team: string; slug: string };
}

/** Publishes a version with one file. */
export async function publishVersion(
  h: Harness,
  projectId: string,
  content: string | Buffer = 'jar bytes',
  over: Record<string, unknown> = {},
  user: UserKey = 'owner',
) {
  const body = multipart([
    { name: 'data', value: JSON.stringify(versionData(projectId, over)) },
    { name: 'file', filename: (over.filename as string) ?? 'cool-1.0.0.jar', content },
  ]);
  return h.app.inject({ method: 'POST', url: '/v2/version', headers: { ...h.as(user), ...body.headers }, payload: body.payload });
}

/** Moves a fresh draft project to approved: a version, submit, moderator approval. */
export async function approve(h: Harness, projectId: string, owner: UserKey = 'owner') {
  const v = await publishVersion(h, projectId, `content of ${projectId}`, {}, owner);
  if (v.statusCode !== 200) throw new Error(`publish failed: ${v.body}`);
  for (const [user, status] of [
    [owner, 'processing'],
    ['moderator', 'approved'],
  ] as const) {
    const r = await h.app.inject({ method: 'PATCH', url: `/v2/project/${projectId}`, headers: h.as(user), payload: { status } });
    if (r.statusCode !== 204) throw new Error(`status ${status} failed: ${r.body}`);
  }
  return v.json() as { id: string };
}

import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_STREAM, SqliteEventStore, UserRegistered, newEventId, toNewEvents, userStream, type Actor } from '@modshelf/events';
import { ALL_SCOPES, MIN_POSITION_HEADER, POSITION_HEADER, installErrorHandling, scope } from '@modshelf/service-kit';
import { LocalBlobStore, registerCatalogueCommands, registerNotificationCommands } from '@modshelf/command-service';
import { notificationDirectory, registerQueryRoutes, replayAndCompare, startProjections, type Projections } from '@modshelf/projection-service';
import { USERS, approve, createProject, publishVersion, type Harness, type UserKey } from '../../command-service/src/catalogue/testing/harness';

/**
 * Collections, organizations and notifications through both sides: commands on a real SQLite log,
 * projections, and the query routes, composed as the site does (auth stand-in: x-test-user).
 */
describe('collections, organizations and notifications end to end', () => {
  let dir: string;
  let store: SqliteEventStore;
  let projections: Projections;
  let app: FastifyInstance;
  let h: Harness;
  const as = (user: UserKey, extra: Record<string, string> = {}) => ({ 'x-test-user': user, ...extra });
  /** a read that waits for the write it follows (read-your-writes) */
  const read = async (url: string, after: { headers: Record<string, unknown> }, user?: UserKey) =>
    app.inject({ url, headers: { ...(user ? as(user) : {}), [MIN_POSITION_HEADER]: String(after.headers[POSITION_HEADER]) } });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'community-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db') });
    for (const u of Object.values(USERS)) {
      const meta = { commandId: 'seed', correlationId: 'seed', causationId: 'seed', actor: null, time: '2026-01-01T00:00:00.000Z' };
      const data = { user_id: u.userId, username: u.username, role: u.role, avatar_url: null, bio: null, created: meta.time };
      await store.append(userStream(u.userId), toNewEvents([UserRegistered(data)], meta, newEventId), NO_STREAM);
    }
    projections = await startProjections({ store, dataDir: dir });
    app = Fastify();
    installErrorHandling(app);
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request) => {
      const key = request.headers['x-test-user'];
      const u = typeof key === 'string' ? USERS[key as UserKey] : undefined;
      const scopes = request.headers['x-test-scopes'];
      const actor: Actor | null = u ? { ...u, kind: 'session', scopes: typeof scopes === 'string' ? Number(scopes) : ALL_SCOPES, tokenRefId: 'test' } : null;
      request.actor = actor;
    });
    const blobs = new LocalBlobStore(join(dir, 'blobs'));
    registerCatalogueCommands(app, { store, dataDir: dir, publicUrl: 'http://modshelf.test', blobs, downloadFlushMs: 60_000 });
    registerNotificationCommands(app, { store, notifications: notificationDirectory(projections) });
    registerQueryRoutes(app, { projections, publicUrl: 'http://modshelf.test' });
    await app.ready();
    // the catalogue harness's shape, over this app (closed by afterAll)
    const head = () => store.headPosition();
    h = { app, store, blobs, dir, head, as, events: (after = 0) => store.readAll({ after }), close: async () => {} };
  });
  afterAll(async () => {
    await app.close();
    await projections.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a collection is readable right after its creation; private ones 404 to others; following is virtual', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    const made = await app.inject({ method: 'POST', url: '/v2/collection', headers: as('stranger'), payload: { name: 'Picks', projects: [p.id] } });
    expect(made.statusCode).toBe(200);
    const c = made.json();
    const got = await read(`/v2/collection/${c.id}`, made);
    expect(got.json()).toEqual(c);
    const priv = await app.inject({ method: 'PATCH', url: `/v2/collection/${c.id}`, headers: as('stranger'), payload: { status: 'private' } });
    expect((await read(`/v2/collection/${c.id}`, priv, 'owner')).json()).toEqual({ error: 'not_found', description: 'Collection not found' });
    expect((await read(`/v2/collection/${c.id}`, priv, 'stranger')).json().status).toBe('private');
    const follow = await app.inject({ method: 'POST', url: `/v2/project/${p.id}/follow`, headers: as('stranger') });
    const mine = (await read('/v2/user/stranger/collections', follow, 'stranger')).json();
    expect(mine.map((x: { id: string }) => x.id)).toEqual(['following', c.id]);
    expect(mine[0].projects).toEqual([p.id]);
  });

  it("an organization takes a project in and the project's organization follows", async () => {
    const o = await app.inject({
      method: 'POST',
      url: '/v2/organization',
      headers: as('owner'),
      payload: { slug: 'acme', name: 'Acme', description: 'We make mods' },
    });
    expect(o.statusCode).toBe(200);
    const org = o.json();
    const p = await createProject(h, { slug: 'org-mod', title: 'Org mod' });
    await approve(h, p.id);
    const added = await app.inject({ method: 'POST', url: '/v2/organization/acme/projects', headers: as('owner'), payload: { project_id: p.id } });
    expect(added.statusCode).toBe(204);
    expect((await read(`/v2/project/${p.id}`, added)).json().organization).toBe(org.id);
    expect((await read('/v2/organization/acme/projects', added)).json().map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect((await read(`/v2/project/org-mod/organization`, added)).json()).toMatchObject({
      id: org.id,
      slug: 'acme',
      members: [expect.objectContaining({ is_owner: true })],
    });
    expect((await read('/v2/user/owner/organizations', added)).json()).toHaveLength(1);
    const removed = await app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}/projects/${p.id}`, headers: as('owner') });
    expect((await read(`/v2/project/${p.id}`, removed)).json().organization).toBeNull();
    const invited = await app.inject({ method: 'POST', url: `/v2/organization/${org.id}/members`, headers: as('owner'), payload: { user_id: 'member' } });
    expect(invited.statusCode).toBe(204);
    const n = (await read('/v2/user/member/notifications', invited, 'member')).json();
    expect(n[0]).toMatchObject({
      type: 'team_invite',
      actions: [{ title: 'Accept', action_route: ['POST', `organization/${org.id}/join`] }, expect.anything()],
    });
    expect((await app.inject({ method: 'POST', url: `/v2/${n[0].actions[0].action_route[1]}`, headers: as('member') })).statusCode).toBe(204);
    const deleted = await app.inject({ method: 'DELETE', url: '/v2/organization/acme', headers: as('owner') });
    expect(deleted.statusCode).toBe(204);
    expect((await read('/v2/organization/acme', deleted)).statusCode).toBe(404);
  });

  it('a follower is told about a new version, marks it read and deletes it; others get 404', async () => {
    const p = await createProject(h, { slug: 'noisy-mod', title: 'Noisy mod' });
    await approve(h, p.id);
    const follow = await app.inject({ method: 'POST', url: `/v2/project/${p.id}/follow`, headers: as('member') });
    expect(follow.statusCode).toBe(204);
    const v = await publishVersion(h, p.id, 'second jar', { version_number: '2.0.0', filename: 'noisy-2.jar' });
    expect(v.statusCode).toBe(200);
    const list = (await read('/v2/user/member/notifications', v, 'member')).json();
    const update = list.find((x: { type: string }) => x.type === 'project_update');
    expect(update).toMatchObject({ title: '**Noisy mod** has been updated!', read: false });
    expect((await app.inject({ method: 'PATCH', url: `/v2/notification/${update.id}`, headers: as('stranger') })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PATCH', url: '/v2/notification/NotThere', headers: as('member') })).statusCode).toBe(404);
    const noScope = await app.inject({
      method: 'PATCH',
      url: `/v2/notification/${update.id}`,
      headers: as('member', { 'x-test-scopes': String(scope('NOTIFICATION_READ')) }),
    });
    expect(noScope.statusCode).toBe(401);
    const marked = await app.inject({ method: 'PATCH', url: `/v2/notification/${update.id}`, headers: as('member') });
    expect(marked.statusCode).toBe(204);
    expect((await read(`/v2/notification/${update.id}`, marked, 'member')).json().read).toBe(true);
    expect((await app.inject({ method: 'PATCH', url: '/v2/notifications?ids=not-json', headers: as('member') })).statusCode).toBe(400);
    const gone = await app.inject({
      method: 'DELETE',
      url: `/v2/notifications?ids=${encodeURIComponent(JSON.stringify([update.id, 'NotThere']))}`,
      headers: as('member'),
    });
    expect(gone.statusCode).toBe(204);
    expect((await read(`/v2/notification/${update.id}`, gone, 'member')).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/v2/notification/${update.id}`, headers: as('member') })).statusCode).toBe(404);
    // the owner's project was approved by staff: the owner was told
    const owner = (await read('/v2/user/owner/notifications', gone, 'owner')).json();
    expect(owner.some((x: { type: string; title: string }) => x.type === 'status_change' && x.title === 'Project **Noisy mod** has been approved')).toBe(true);
  });

  it('replays to the same read models', async () => {
    await projections.waitForPosition(await store.headPosition(), 5000);
    const report = await replayAndCompare({ store, dataDir: dir, live: projections.storage });
    expect(report.differences).toEqual([]);
    expect(report.equal).toBe(true);
  });
});

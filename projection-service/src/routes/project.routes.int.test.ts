import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamMemberAdded, projectStream } from '@modshelf/events';
import { testApp, type TestApp } from '../testing/app';

describe('project routes', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let pub: string;
  let draft: string;
  let v1: { id: string; sha1: string };
  let v2: { id: string };
  let v3: { id: string };
  beforeAll(async () => {
    t = await testApp();
    alice = await t.fx.user('Alice');
    bob = await t.fx.user('bob');
    pub = await t.fx.project(alice, { title: 'Gravestones', slug: 'Gravestones', categories: ['utility'] });
    draft = await t.fx.project(alice, { title: 'Secret Draft' }, 'draft');
    await t.fx.emit(projectStream(pub), [TeamMemberAdded({ user_id: bob, role: 'Artist', permissions: 1, ordering: 1, accepted: false, is_owner: false })]);
    v1 = await t.fx.version(pub, alice, { version_number: '1.0.0', changelog: 'same' });
    v2 = await t.fx.version(pub, alice, { version_number: '1.0.0', changelog: 'same', loaders: ['behaviorpack'], files: [] });
    v3 = await t.fx.version(pub, bob, { version_number: '2.0.0', changelog: 'new', version_type: 'beta', status: 'draft' });
    await t.sync();
  });
  afterAll(async () => t.close());

  it('serves the full project record by id and by case-insensitive slug', async () => {
    const byId = await t.app.inject(`/v2/project/${pub}`);
    expect(byId.statusCode).toBe(200);
    const p = byId.json();
    expect(p).toMatchObject({ id: pub, slug: 'Gravestones', project_type: 'mod', route_type: 'behaviorpack', status: 'approved', followers: 0 });
    expect(p.versions).toEqual([v1.id, v2.id]);
    expect(p.loaders).toEqual(['behaviorpack', 'coreengine']);
    expect(p.game_versions).toEqual(['1.11.4']);
    expect(p.approved).not.toBeNull();
    const bySlug = await t.app.inject('/v2/project/gRaVeStOnEs');
    expect(bySlug.json().id).toBe(pub);
    expect((await t.app.inject('/v2/project/gravestones/check')).json()).toEqual({ id: pub });
  });

  it('hides drafts from anonymous readers and shows them to the team and staff', async () => {
    const anon = await t.app.inject(`/v2/project/${draft}`);
    expect(anon.statusCode).toBe(404);
    expect(anon.json().error).toBe('not_found');
    expect((await t.app.inject({ url: `/v2/project/${draft}`, headers: { 'x-test-user': alice } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v2/project/${draft}`, headers: { 'x-test-user': `${bob}:moderator` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v2/project/${draft}`, headers: { 'x-test-user': bob } })).statusCode).toBe(404);
    // a token without PROJECT_READ reads as anonymous
    expect((await t.app.inject({ url: `/v2/project/${draft}`, headers: { 'x-test-user': `${alice}:developer:2` } })).statusCode).toBe(404);
  });

  it('lists versions newest first with the derived fields and filters', async () => {
    const list = (await t.app.inject(`/v2/project/${pub}/version`)).json();
    expect(list.map((v: { id: string }) => v.id)).toEqual([v2.id, v1.id]);
    const [newer, older] = list;
    expect(newer.display_url_ending).toBe('1.0.0');
    expect(older.display_url_ending).toBe(v1.id);
    expect(newer.duplicate_changelog).toBe(true);
    expect(older.duplicate_changelog).toBe(false);
    expect(newer.primary_file).toMatchObject({ filename: 'unknown', size: 0 });
    expect(older.primary_file.hashes.sha1).toBe(v1.sha1);
    expect(newer.author).toMatchObject({ id: alice, username: 'Alice' });
    const filtered = (await t.app.inject(`/v2/project/${pub}/version?loaders=${encodeURIComponent('["coreengine"]')}`)).json();
    expect(filtered.map((v: { id: string }) => v.id)).toEqual([v1.id]);
    const noChangelog = (await t.app.inject(`/v2/project/${pub}/version?include_changelog=false`)).json();
    expect(noChangelog[0].changelog).toBeNull();
    const team = (await t.app.inject({ url: `/v2/project/${pub}/version`, headers: { 'x-test-user': alice } })).json();
    expect(team.map((v: { id: string }) => v.id)).toEqual([v3.id, v2.id, v1.id]);
    expect((await t.app.inject(`/v2/project/${pub}/version/1.0.0`)).json().id).toBe(v2.id);
    expect((await t.app.inject(`/v2/project/${pub}/version/${v1.id}`)).json().id).toBe(v1.id);
    expect((await t.app.inject(`/v2/project/${pub}/version/${v3.id}`)).statusCode).toBe(404);
  });

  it('shows members with nested users; pending invites only to the team', async () => {
    const anon = (await t.app.inject(`/v2/project/${pub}/members`)).json();
    expect(anon).toHaveLength(1);
    expect(anon[0]).toMatchObject({ user: { id: alice, username: 'Alice' }, role: 'Owner', permissions: null, accepted: true });
    const own = (await t.app.inject({ url: `/v2/project/${pub}/members`, headers: { 'x-test-user': alice } })).json();
    expect(own.map((m: { user: { id: string } }) => m.user.id)).toEqual([alice, bob]);
    const team = (await t.app.inject(`/v2/project/${pub}`)).json().team;
    expect((await t.app.inject(`/v2/team/${team}/members`)).json()).toHaveLength(1);
  });

  it('answers /v2/projects and /v2/projects_random', async () => {
    const many = (await t.app.inject(`/v2/projects?ids=${encodeURIComponent(JSON.stringify([pub, draft, 'nope']))}`)).json();
    expect(many.map((p: { id: string }) => p.id)).toEqual([pub]);
    expect((await t.app.inject('/v2/projects?ids=[oops')).statusCode).toBe(400);
    const random = (await t.app.inject('/v2/projects_random?count=5')).json();
    expect(random.map((p: { id: string }) => p.id)).toEqual([pub]);
    expect((await t.app.inject('/v2/projects_random?count=500')).statusCode).toBe(400);
  });

  it('serves versions by id and by file hash', async () => {
    expect((await t.app.inject(`/v2/version/${v1.id}`)).json()).toMatchObject({ id: v1.id, display_url_ending: v1.id });
    expect((await t.app.inject(`/v2/version/${v3.id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/v2/versions?ids=${encodeURIComponent(JSON.stringify([v1.id, v3.id]))}`)).json()).toHaveLength(1);
    expect((await t.app.inject(`/v2/version_file/${v1.sha1}`)).json().id).toBe(v1.id);
    expect((await t.app.inject(`/v2/version_file/${v1.sha1}?algorithm=sha512`)).statusCode).toBe(404);
    const upd = await t.app.inject({ method: 'POST', url: `/v2/version_file/${v1.sha1}/update`, payload: { loaders: ['behaviorpack'] } });
    expect(upd.json().id).toBe(v2.id);
    const none = await t.app.inject({ method: 'POST', url: `/v2/version_file/${v1.sha1}/update`, payload: { loaders: [] } });
    expect(none.statusCode).toBe(404);
    const bulk = await t.app.inject({ method: 'POST', url: '/v2/version_files', payload: { hashes: [v1.sha1, 'f'.repeat(40)], algorithm: 'sha1' } });
    expect(Object.keys(bulk.json())).toEqual([v1.sha1]);
    const bulkUpd = await t.app.inject({
      method: 'POST',
      url: '/v2/version_files/update',
      payload: { hashes: [v1.sha1], algorithm: 'sha1', loaders: [], game_versions: [] },
    });
    expect(bulkUpd.json()[v1.sha1].id).toBe(v2.id);
  });
});

describe('hash lookups by sha512', () => {
  it('finds a version by its full sha512 and not by a prefix', async () => {
    const t = await testApp();
    const a = await t.fx.user('alice');
    const p = await t.fx.project(a, { title: 'Hashed' });
    const v = await t.fx.version(p, a, { version_number: '1' });
    await t.sync();
    expect((await t.app.inject(`/v2/version_file/${v.sha512}`)).json().id).toBe(v.id);
    expect((await t.app.inject(`/v2/version_file/${v.sha512.toUpperCase()}?algorithm=sha512`)).json().id).toBe(v.id);
    expect((await t.app.inject(`/v2/version_file/${v.sha512.slice(0, 32)}?algorithm=sha512`)).statusCode).toBe(404);
    await t.close();
  });
});

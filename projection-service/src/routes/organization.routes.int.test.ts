import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrganizationCreated,
  OrganizationDeleted,
  OrganizationEdited,
  OrganizationInviteAccepted,
  OrganizationMemberAdded,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
  ProjectStatusChanged,
  newId,
  organizationStream,
  projectStream,
} from '@modshelf/events';
import { replayAndCompare } from '../replay/replay';
import { testApp, type TestApp } from '../testing/app';

describe('organization routes', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let carol: string;
  let p1: string;
  let p2: string;
  let draft: string;
  const org = newId();
  const gone = newId();
  const member = (user_id: string, owner: boolean, accepted: boolean, ordering: number) =>
    OrganizationMemberAdded({
      user_id,
      role: owner ? 'Owner' : 'Member',
      permissions: owner ? 1023 : 0,
      organization_permissions: owner ? 255 : 1,
      ordering,
      accepted,
      is_owner: owner,
    });
  beforeAll(async () => {
    t = await testApp();
    alice = await t.fx.user('alice');
    bob = await t.fx.user('bob');
    carol = await t.fx.user('carol');
    p1 = await t.fx.project(alice, { title: 'Org Mod' });
    p2 = await t.fx.project(alice, { title: 'Left Mod' });
    draft = await t.fx.project(alice, { title: 'Draft Mod' }, 'draft');
    await t.fx.emit(
      organizationStream(org),
      [
        OrganizationCreated({ organization_id: org, team_id: newId(), owner_id: alice, slug: 'Acme', name: 'Acme', description: 'We make mods' }),
        member(alice, true, true, 0),
      ],
      alice,
    );
    await t.fx.emit(organizationStream(org), [member(bob, false, false, 1), member(carol, false, false, 2)], alice);
    await t.fx.emit(organizationStream(org), [OrganizationInviteAccepted({ user_id: carol })], carol);
    await t.fx.emit(organizationStream(org), [OrganizationEdited({ changes: { description: 'We make many mods' } })], alice);
    for (const p of [p1, p2, draft]) await t.fx.emit(organizationStream(org), [OrganizationProjectAdded({ project_id: p })], alice);
    await t.fx.emit(organizationStream(org), [OrganizationProjectRemoved({ project_id: p2 })], alice);
    await t.fx.emit(
      organizationStream(gone),
      [
        OrganizationCreated({ organization_id: gone, team_id: newId(), owner_id: alice, slug: 'gone', name: 'Gone', description: 'Soon gone' }),
        member(alice, true, true, 0),
        OrganizationProjectAdded({ project_id: p2 }),
        OrganizationDeleted({ organization_id: gone }),
      ],
      alice,
    );
    await t.sync();
  });
  afterAll(async () => t.close());

  it('serves an organization by id and case-insensitive slug; pending members only to members', async () => {
    const r = await t.app.inject('/v2/organization/acme');
    expect(r.statusCode).toBe(200);
    const o = r.json();
    expect(o).toMatchObject({ id: org, slug: 'Acme', name: 'Acme', description: 'We make many mods', icon_url: null });
    expect(o.members.map((m: { user: { id: string } }) => m.user.id)).toEqual([alice, carol]);
    expect(o.members[0]).toMatchObject({ is_owner: true, accepted: true, permissions: null, user: { username: 'alice' } });
    const own = (await t.app.inject({ url: `/v2/organization/${org}/members`, headers: { 'x-test-user': alice } })).json();
    expect(own.map((m: { user: { id: string } }) => m.user.id)).toEqual([alice, bob, carol]);
    expect(own[0].organization_permissions).toBe(255);
    expect((await t.app.inject('/v2/organization/gone')).json()).toEqual({ error: 'not_found', description: 'The requested organization was not found' });
    const many = (await t.app.inject(`/v2/organizations?ids=${encodeURIComponent(JSON.stringify([org, 'ACME', gone]))}`)).json();
    expect(many.map((x: { id: string }) => x.id)).toEqual([org]);
  });

  it("lists the organization's projects and sets each project's organization", async () => {
    const ps = (await t.app.inject(`/v2/organization/${org}/projects`)).json();
    expect(ps.map((p: { id: string }) => p.id)).toEqual([p1]);
    expect(ps[0].organization).toBe(org);
    expect((await t.app.inject({ url: `/v2/organization/${org}/projects`, headers: { 'x-test-user': alice } })).json()).toHaveLength(2);
    expect((await t.app.inject(`/v2/project/${p1}`)).json().organization).toBe(org);
    expect((await t.app.inject(`/v2/project/${p2}`)).json().organization).toBeNull();
    expect((await t.app.inject(`/v2/project/${p1}/organization`)).json().id).toBe(org);
    expect((await t.app.inject(`/v2/project/${p2}/organization`)).statusCode).toBe(404);
    expect((await t.app.inject(`/v2/project/${draft}/organization`)).statusCode).toBe(404);
  });

  it("shows the organization's hidden projects to its accepted members, as Modrinth does; invitees and outsiders get 404", async () => {
    const v = await t.fx.version(draft, alice, { version_number: '0.1.0' });
    const dave = await t.fx.user('dave');
    await t.sync();
    const as = (user: string | null, url: string) => t.app.inject({ url, headers: user ? { 'x-test-user': user } : {} });
    const thread = (await as(alice, `/v2/project/${draft}`)).json().thread_id;
    const reads = [
      `/v2/project/${draft}`,
      `/v2/project/${draft}/version`,
      `/v2/project/${draft}/version/${v.id}`,
      `/v2/project/${draft}/members`,
      `/v2/project/${draft}/moderation`,
      `/v2/version/${v.id}`,
      `/v2/version_file/${v.sha1}`,
      `/v2/thread/${thread}`,
    ];
    for (const url of reads) {
      expect([url, (await as(carol, url)).statusCode]).toEqual([url, 200]);
      for (const who of [bob, dave, null])
        expect([url, who, (await as(who, url)).statusCode]).toEqual([url, who, who || !url.endsWith('moderation') ? 404 : 401]);
    }
    expect((await as(carol, `/v2/project/${draft}/version`)).json().map((x: { id: string }) => x.id)).toEqual([v.id]);
    const ids = (r: { json(): Array<{ id: string }> }) =>
      r
        .json()
        .map((x) => x.id)
        .sort();
    expect(ids(await as(carol, `/v2/organization/${org}/projects`))).toEqual([p1, draft].sort());
    expect(ids(await as(bob, `/v2/organization/${org}/projects`))).toEqual([p1]);
    expect(ids(await as(carol, `/v2/user/${alice}/projects`))).toContain(draft);
    expect(ids(await as(dave, `/v2/user/${alice}/projects`))).not.toContain(draft);
    expect(ids(await as(carol, `/v2/projects?ids=${encodeURIComponent(JSON.stringify([draft, p2]))}`))).toEqual([draft, p2].sort());
    // the organization's members see only its own projects' hidden statuses: p2 left it
    await t.fx.emit(projectStream(p2), [ProjectStatusChanged({ from: 'approved', to: 'withheld' })], null);
    await t.sync();
    expect((await as(carol, `/v2/project/${p2}`)).statusCode).toBe(404);
    expect((await as(alice, `/v2/project/${p2}`)).statusCode).toBe(200);
  });

  it("lists a user's organizations (pending invites only for themself)", async () => {
    expect((await t.app.inject(`/v2/user/carol/organizations`)).json().map((o: { id: string }) => o.id)).toEqual([org]);
    expect((await t.app.inject(`/v2/user/${bob}/organizations`)).json()).toEqual([]);
    expect((await t.app.inject({ url: `/v2/user/${bob}/organizations`, headers: { 'x-test-user': bob } })).json()).toHaveLength(1);
    expect((await t.app.inject('/v2/user/nobody/organizations')).statusCode).toBe(404);
  });

  it('rebuilds to the same read models', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const report = await replayAndCompare({ store: t.fx.store, dataDir: dir, live: t.projections.storage });
    rmSync(dir, { recursive: true, force: true });
    expect(report.differences).toEqual([]);
    expect(report.equal).toBe(true);
  });
});

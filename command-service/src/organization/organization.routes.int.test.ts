import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORGANIZATION_PERMISSIONS as O, scope } from '@modshelf/service-kit';
import { approve, createProject, harness, type Harness } from '../catalogue/testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const createOrg = async (slug = 'acme', user: 'owner' | 'stranger' = 'owner') =>
  h.app.inject({ method: 'POST', url: '/v2/organization', headers: h.as(user), payload: { slug, name: 'Acme', description: 'We make mods' } });

describe('organization commands', () => {
  it('creates an organization with its owner, edits it by slug, refuses a taken slug', async () => {
    const res = await createOrg();
    expect(res.statusCode).toBe(200);
    const org = res.json();
    expect(org).toMatchObject({ slug: 'acme', name: 'Acme', description: 'We make mods', icon_url: null });
    expect(org.members).toEqual([expect.objectContaining({ user: { id: 'OwnerAAA' }, is_owner: true, accepted: true, role: 'Owner' })]);
    const before = await h.head();
    const taken = await createOrg('ACME', 'stranger');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().description).toBe('Organization slug is already taken!');
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/organization/acme', headers: h.as('stranger'), payload: { name: 'Mine' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/organization/nope', headers: h.as('owner'), payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/organization/acme', headers: h.as('owner'), payload: { name: 'x' } })).statusCode).toBe(400);
    expect(
      (await h.app.inject({ method: 'POST', url: '/v2/organization', payload: { slug: 'anon', name: 'Anon', description: 'Anonymous' } })).statusCode,
    ).toBe(401);
    expect(await h.head()).toBe(before);
    expect(
      (await h.app.inject({ method: 'PATCH', url: '/v2/organization/AcMe', headers: h.as('owner'), payload: { slug: 'acme-inc', name: 'Acme Inc' } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await h.app.inject({ method: 'PATCH', url: '/v2/organization/acme-inc', headers: h.as('owner'), payload: { description: 'Still here' } })).statusCode,
    ).toBe(204);
    expect((await createOrg('acme', 'stranger')).statusCode).toBe(200); // the old slug is free again
  });

  it('adds a project (ORGANIZATION_WRITE + PROJECT_WRITE, rights on both) and removes it', async () => {
    const org = (await createOrg()).json();
    const p = await createProject(h);
    await approve(h, p.id);
    const onlyOrg = h.as('owner', { 'x-test-scopes': String(scope('ORGANIZATION_WRITE')) });
    expect(
      (await h.app.inject({ method: 'POST', url: `/v2/organization/${org.id}/projects`, headers: onlyOrg, payload: { project_id: p.id } })).statusCode,
    ).toBe(401);
    // a stranger owns neither
    const other = (await createOrg('strangers', 'stranger')).json();
    expect(
      (await h.app.inject({ method: 'POST', url: `/v2/organization/${other.id}/projects`, headers: h.as('stranger'), payload: { project_id: p.id } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await h.app.inject({ method: 'POST', url: `/v2/organization/${org.id}/projects`, headers: h.as('owner'), payload: { project_id: 'cool-mod' } }))
        .statusCode,
    ).toBe(204);
    const again = await h.app.inject({ method: 'POST', url: `/v2/organization/${org.id}/projects`, headers: h.as('owner'), payload: { project_id: p.id } });
    expect(again.statusCode).toBe(400);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}/projects/${p.id}`, headers: h.as('stranger') })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}/projects/cool-mod`, headers: h.as('owner') })).statusCode).toBe(204);
    const types = (await h.store.readStream(`organization-${org.id}`)).map((e) => e.type);
    expect(types).toEqual(['OrganizationCreated', 'OrganizationMemberAdded', 'OrganizationProjectAdded', 'OrganizationProjectRemoved']);
  });

  it('invites, lets the invitee join, edits and removes members by their bits', async () => {
    const org = (await createOrg()).json();
    const url = `/v2/organization/${org.id}/members`;
    expect((await h.app.inject({ method: 'POST', url, headers: h.as('owner'), payload: { user_id: 'NoSuchUs' } })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url, headers: h.as('stranger'), payload: { user_id: 'MemberBB' } })).statusCode).toBe(401);
    expect(
      (await h.app.inject({ method: 'POST', url, headers: h.as('owner'), payload: { user_id: 'member', organization_permissions: O.EDIT_DETAILS } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await h.app.inject({ method: 'PATCH', url: `/v2/organization/${org.id}`, headers: h.as('member'), payload: { name: 'Before join' } })).statusCode,
    ).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: `/v2/organization/${org.id}/join`, headers: h.as('member') })).statusCode).toBe(204);
    expect(
      (await h.app.inject({ method: 'PATCH', url: `/v2/organization/${org.id}`, headers: h.as('member'), payload: { name: 'After join' } })).statusCode,
    ).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: `${url}/member`, headers: h.as('owner'), payload: { role: 'Artist' } })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `${url}/OwnerAAA`, headers: h.as('member') })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'DELETE', url: `${url}/member`, headers: h.as('member') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}`, headers: h.as('stranger') })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/organization/${org.id}`, headers: h.as('owner'), payload: { name: 'Gone' } })).statusCode).toBe(
      404,
    );
  });

  it('sets and removes the icon', async () => {
    const org = (await createOrg()).json();
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const r = await h.app.inject({
      method: 'PATCH',
      url: `/v2/organization/${org.id}/icon?ext=png`,
      headers: { ...h.as('owner'), 'content-type': 'image/png' },
      payload: png,
    });
    expect(r.statusCode).toBe(204);
    const bad = await h.app.inject({
      method: 'PATCH',
      url: `/v2/organization/${org.id}/icon?ext=exe`,
      headers: { ...h.as('owner'), 'content-type': 'image/png' },
      payload: png,
    });
    expect(bad.statusCode).toBe(400);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}/icon`, headers: h.as('owner') })).statusCode).toBe(204);
    const icons = (await h.store.readStream(`organization-${org.id}`))
      .filter((e) => e.type === 'OrganizationIconChanged')
      .map((e) => (e.data as { icon_url: string | null }).icon_url);
    expect(icons[0]).toMatch(/^http:\/\/modshelf\.test\/cdn\/data\/.+\/icons\/[0-9a-f]{128}\.png$/);
    expect(icons[1]).toBeNull();
  });

  it("transfers ownership through the organization team's owner route (Modrinth's path), owner only", async () => {
    const org = (await createOrg()).json();
    const url = `/v2/organization/${org.id}/members`;
    expect((await h.app.inject({ method: 'POST', url, headers: h.as('owner'), payload: { user_id: 'member' } })).statusCode).toBe(204);
    const owner = `/v2/team/${org.team_id}/owner`;
    // not accepted yet: refused, nothing written
    const before = await h.head();
    expect((await h.app.inject({ method: 'PATCH', url: owner, headers: h.as('owner'), payload: { user_id: 'MemberBB' } })).statusCode).toBe(400);
    expect(await h.head()).toBe(before);
    expect((await h.app.inject({ method: 'POST', url: `/v2/organization/${org.id}/join`, headers: h.as('member') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: owner, headers: h.as('member'), payload: { user_id: 'MemberBB' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'PATCH', url: owner, headers: h.as('owner'), payload: { user_id: 'MemberBB' } })).statusCode).toBe(204);
    const last = (await h.store.readStream(`organization-${org.id}`)).at(-1)!;
    expect(last).toMatchObject({ type: 'OrganizationOwnershipTransferred', data: { from: 'OwnerAAA', to: 'MemberBB' } });
    // the former owner may now leave; an unknown team is still 404
    expect((await h.app.inject({ method: 'DELETE', url: `${url}/OwnerAAA`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/team/NoTeamXX/owner', headers: h.as('owner'), payload: { user_id: 'MemberBB' } })).statusCode).toBe(
      404,
    );
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_PERMISSIONS as P } from '@modshelf/service-kit';
import { createProject, harness, publishVersion, type Harness, type UserKey } from '../catalogue/testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

/** An organization owning a fresh (draft, so hidden) project of its owner, with `member` invited with `permissions` on its projects. */
async function orgProject(permissions: number) {
  const org = (
    await h.app.inject({
      method: 'POST',
      url: '/v2/organization',
      headers: h.as('owner'),
      payload: { slug: 'acme', name: 'Acme', description: 'We make mods' },
    })
  ).json() as { id: string };
  const p = await createProject(h);
  expect(
    (await h.app.inject({ method: 'POST', url: `/v2/organization/${org.id}/projects`, headers: h.as('owner'), payload: { project_id: p.id } })).statusCode,
  ).toBe(204);
  const invite = await h.app.inject({
    method: 'POST',
    url: `/v2/organization/${org.id}/members`,
    headers: h.as('owner'),
    payload: { user_id: 'member', permissions },
  });
  expect(invite.statusCode).toBe(204);
  return { org, p };
}

const join = (orgId: string) => h.app.inject({ method: 'POST', url: `/v2/organization/${orgId}/join`, headers: h.as('member') });
const editBody = (pid: string, user: UserKey) =>
  h.app.inject({ method: 'PATCH', url: `/v2/project/${pid}`, headers: h.as(user), payload: { body: `edited by ${user}` } });
const editTitle = (pid: string, user: UserKey) =>
  h.app.inject({ method: 'PATCH', url: `/v2/project/${pid}`, headers: h.as(user), payload: { title: 'Renamed' } });
const follow = (pid: string, user: UserKey) => h.app.inject({ method: 'POST', url: `/v2/project/${pid}/follow`, headers: h.as(user) });
const threadPost = async (pid: string, user: UserKey) => {
  const thread = ((await h.store.readStream(`project-${pid}`))[0].data as { thread_id: string }).thread_id;
  return h.app.inject({ method: 'POST', url: `/v2/thread/${thread}`, headers: h.as(user), payload: { type: 'text', body: `from ${user}` } });
};
const report = (pid: string, user: UserKey) =>
  h.app.inject({ method: 'POST', url: '/v2/report', headers: h.as(user), payload: { report_type: 'spam', item_type: 'project', item_id: pid, body: 'bad' } });

describe("an organization's members act on its projects (command side)", () => {
  it('a pending invitee and an outsider get 404 on a hidden org project; an accepted member holds exactly their org bits', async () => {
    const { org, p } = await orgProject(P.EDIT_BODY);
    for (const user of ['member', 'stranger'] as const) {
      expect((await editBody(p.id, user)).statusCode).toBe(404);
      expect((await follow(p.id, user)).statusCode).toBe(404);
      expect((await threadPost(p.id, user)).statusCode).toBe(404);
      expect((await report(p.id, user)).statusCode).toBe(400); // Modrinth: the project could not be found
      expect((await publishVersion(h, p.id, `by ${user}`, {}, user)).statusCode).toBe(404);
    }
    expect((await join(org.id)).statusCode).toBe(204);
    expect((await editBody(p.id, 'member')).statusCode).toBe(204);
    expect((await editTitle(p.id, 'member')).statusCode).toBe(401); // no EDIT_DETAILS
    const refused = await publishVersion(h, p.id, 'member jar', {}, 'member'); // no UPLOAD_VERSION
    expect(refused.statusCode).toBe(401);
    expect((await follow(p.id, 'member')).statusCode).toBe(204); // sees the hidden project
    expect((await threadPost(p.id, 'member')).statusCode).toBe(204); // writes on its moderation thread, as the team does
    expect((await report(p.id, 'member')).statusCode).toBe(200);
    expect((await editBody(p.id, 'stranger')).statusCode).toBe(404);
    const bodies = (await h.store.readStream(`project-${p.id}`))
      .filter((e) => e.type === 'ProjectEdited')
      .map((e) => (e.data as { changes: { body?: string } }).changes.body);
    expect(bodies).toEqual(['edited by member']);
  });

  it("UPLOAD_VERSION lets a member upload; the project team entry overrides the organization's bits", async () => {
    const { org, p } = await orgProject(P.UPLOAD_VERSION);
    expect((await join(org.id)).statusCode).toBe(204);
    expect((await publishVersion(h, p.id, 'member jar 1', {}, 'member')).statusCode).toBe(200);
    expect((await editBody(p.id, 'member')).statusCode).toBe(401);
    // on the project's own team with EDIT_BODY only: once accepted, that entry decides
    const team = `/v2/team/${p.team}`;
    expect(
      (await h.app.inject({ method: 'POST', url: `${team}/members`, headers: h.as('owner'), payload: { user_id: 'MemberBB', permissions: P.EDIT_BODY } }))
        .statusCode,
    ).toBe(204);
    expect((await publishVersion(h, p.id, 'member jar 2', { version_number: '1.0.1' }, 'member')).statusCode).toBe(200); // pending: the org still grants
    expect((await h.app.inject({ method: 'POST', url: `${team}/join`, headers: h.as('member') })).statusCode).toBe(204);
    expect((await editBody(p.id, 'member')).statusCode).toBe(204);
    expect((await publishVersion(h, p.id, 'member jar 3', { version_number: '1.0.2' }, 'member')).statusCode).toBe(401);
  });

  it('a member removed from the organization, or a project that leaves it, stops granting at once', async () => {
    const { org, p } = await orgProject(P.EDIT_BODY);
    expect((await join(org.id)).statusCode).toBe(204);
    expect((await editBody(p.id, 'member')).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}/projects/${p.id}`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await editBody(p.id, 'member')).statusCode).toBe(404);
    expect((await follow(p.id, 'member')).statusCode).toBe(404);
    expect(
      (await h.app.inject({ method: 'POST', url: `/v2/organization/${org.id}/projects`, headers: h.as('owner'), payload: { project_id: p.id } })).statusCode,
    ).toBe(204);
    expect((await editBody(p.id, 'member')).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${org.id}/members/member`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await editBody(p.id, 'member')).statusCode).toBe(404);
    expect((await follow(p.id, 'member')).statusCode).toBe(404);
  });
});

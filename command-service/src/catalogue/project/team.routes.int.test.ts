import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_PERMISSIONS as P } from '@modshelf/service-kit';
import { createProject, harness, type Harness } from '../testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe('team routes', () => {
  it('invite, join, edit, transfer ownership, remove', async () => {
    const p = await createProject(h);
    const inv = await h.app.inject({
      method: 'POST',
      url: `/v2/team/${p.team}/members`,
      headers: h.as('owner'),
      payload: { user_id: 'MemberBB', role: 'Artist', permissions: P.EDIT_BODY },
    });
    expect(inv.statusCode, inv.body).toBe(204);
    expect((await h.events()).at(-1)!.data).toMatchObject({ user_id: 'MemberBB', role: 'Artist', permissions: P.EDIT_BODY, accepted: false, is_owner: false });
    // the invitee can see the draft enough to join; strangers cannot
    expect((await h.app.inject({ method: 'POST', url: `/v2/team/${p.team}/join`, headers: h.as('stranger') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: `/v2/team/${p.team}/join`, headers: h.as('member') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'POST', url: `/v2/team/${p.team}/join`, headers: h.as('member') })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('member'), payload: { body: 'by member' } })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('member'), payload: { title: 'By member' } })).statusCode).toBe(
      401,
    );
    // members are addressed by id or username
    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/v2/team/${p.team}/members/member`,
      headers: h.as('owner'),
      payload: { permissions: P.EDIT_BODY | P.EDIT_DETAILS, ordering: 2 },
    });
    expect(edit.statusCode, edit.body).toBe(204);
    expect(
      (await h.app.inject({ method: 'PATCH', url: `/v2/team/${p.team}/owner`, headers: h.as('member'), payload: { user_id: 'MemberBB' } })).statusCode,
    ).toBe(401);
    expect(
      (await h.app.inject({ method: 'PATCH', url: `/v2/team/${p.team}/owner`, headers: h.as('owner'), payload: { user_id: 'MemberBB' } })).statusCode,
    ).toBe(204);
    expect((await h.events()).at(-1)!.type).toBe('ProjectOwnershipTransferred');
    // the new owner removes the old one
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/team/${p.team}/members/OwnerAAA`, headers: h.as('member') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/team/${p.team}/members/MemberBB`, headers: h.as('member') })).statusCode).toBe(400);
  });

  it('refuses unknown users, unknown teams, bad bodies, and permission escalation, writing nothing', async () => {
    const p = await createProject(h);
    const before = await h.head();
    const cases: [string, string, unknown, number][] = [
      ['POST', `/v2/team/${p.team}/members`, { user_id: 'NoSuchUs' }, 400],
      ['POST', `/v2/team/${p.team}/members`, { user_id: 42 }, 400],
      ['POST', `/v2/team/${p.team}/members`, { user_id: 'MemberBB', permissions: -1 }, 400],
      ['POST', `/v2/team/ZZZZZZZZ/members`, { user_id: 'MemberBB' }, 404],
      ['PATCH', `/v2/team/${p.team}/members/MemberBB`, { role: 'x' }, 400],
      ['PATCH', `/v2/team/${p.team}/members/OwnerAAA`, { permissions: 1 }, 400],
      ['PATCH', `/v2/team/${p.team}/owner`, { user_id: 'StrangeC' }, 400],
    ];
    for (const [method, url, payload, status] of cases) {
      const r = await h.app.inject({ method: method as 'POST', url, headers: h.as('owner'), payload: payload as object });
      expect(r.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${r.body}`).toBe(status);
    }
    expect(await h.head()).toBe(before);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scope } from '@modshelf/service-kit';
import { approve, createProject, harness, type Harness } from '../testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe('follow routes', () => {
  it('follows a visible project once, unfollows once', async () => {
    const p = await createProject(h);
    expect((await h.app.inject({ method: 'POST', url: `/v2/project/${p.id}/follow`, headers: h.as('stranger') })).statusCode).toBe(404);
    await approve(h, p.id);
    const f = await h.app.inject({ method: 'POST', url: '/v2/project/cool-mod/follow', headers: h.as('stranger') });
    expect(f.statusCode).toBe(204);
    const followed = (await h.store.readStream('follows-StrangeC')).map((e) => [e.type, e.data]);
    expect(followed).toEqual([['ProjectFollowed', { user_id: 'StrangeC', project_id: p.id }]]);
    const before = await h.head();
    const again = await h.app.inject({ method: 'POST', url: `/v2/project/${p.id}/follow`, headers: h.as('stranger') });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_input', description: 'You are already following this project!' });
    expect(await h.head()).toBe(before);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}/follow`, headers: h.as('stranger') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}/follow`, headers: h.as('stranger') })).statusCode).toBe(400);
  });

  it('needs USER_WRITE and a signed-in user', async () => {
    const p = await createProject(h);
    expect((await h.app.inject({ method: 'POST', url: `/v2/project/${p.id}/follow` })).statusCode).toBe(401);
    const r = await h.app.inject({
      method: 'POST',
      url: `/v2/project/${p.id}/follow`,
      headers: h.as('owner', { 'x-test-scopes': String(scope('USER_READ')) }),
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().error).toBe('unauthorized');
  });
});

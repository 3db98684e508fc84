import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProject, harness, type Harness, type UserKey } from '../catalogue/testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/**
 * How many times the request read `stream`. An accepted command is decided once, by execute on the state this
 * process kept (no read: the append's expected revision confirms it); a route that loaded the state to check
 * something first would read the stream.
 */
async function readsOf(stream: string, send: () => Promise<{ statusCode: number; body: string }>): Promise<{ status: number; reads: number }> {
  const spy = vi.spyOn(h.store, 'readStream');
  try {
    const res = await send();
    return { status: res.statusCode, reads: spy.mock.calls.filter(([id]) => id === stream).length };
  } finally {
    spy.mockRestore();
  }
}

const upload = (url: string, who: UserKey, content = PNG, method: 'PATCH' | 'POST' = 'PATCH') =>
  h.app.inject({ method, url, headers: { ...h.as(who), 'content-type': 'image/png' }, payload: content });

describe('uploads are decided once (execute beforeAppend), kept only when accepted', () => {
  it('project icon and gallery image', async () => {
    const p = await createProject(h);
    expect(await readsOf(`project-${p.id}`, () => upload(`/v2/project/${p.id}/icon?ext=png`, 'owner'))).toEqual({ status: 204, reads: 0 });
    expect(await readsOf(`project-${p.id}`, () => upload(`/v2/project/${p.id}/gallery?ext=png&featured=false`, 'owner', Buffer.from('shot'), 'POST'))).toEqual({
      status: 204,
      reads: 0,
    });
    const kept = h.blobs.list().length;
    expect((await upload(`/v2/project/${p.id}/icon?ext=png`, 'stranger', Buffer.from('not mine'))).statusCode).toBe(404);
    expect(h.blobs.list()).toHaveLength(kept);
  });

  it('organization icon, and a slug change checked after the rights', async () => {
    const org = (
      await h.app.inject({ method: 'POST', url: '/v2/organization', headers: h.as('owner'), payload: { slug: 'acme', name: 'Acme', description: 'Mods' } })
    ).json();
    await h.app.inject({ method: 'POST', url: '/v2/organization', headers: h.as('stranger'), payload: { slug: 'other', name: 'Other', description: 'Mods' } });
    const stream = `organization-${org.id}`;
    expect(await readsOf(stream, () => upload(`/v2/organization/${org.id}/icon?ext=png`, 'owner'))).toEqual({ status: 204, reads: 0 });
    const kept = h.blobs.list().length;
    expect((await upload(`/v2/organization/${org.id}/icon?ext=png`, 'stranger', Buffer.from('not mine'))).statusCode).toBe(401);
    expect(h.blobs.list()).toHaveLength(kept);

    const edit = (who: UserKey, slug: string) => () =>
      h.app.inject({ method: 'PATCH', url: `/v2/organization/${org.id}`, headers: h.as(who), payload: { slug } });
    // no rights: 401 whether or not the slug is taken (the slug is not revealed)
    expect((await readsOf(stream, edit('stranger', 'other'))).status).toBe(401);
    const taken = await h.app.inject({ method: 'PATCH', url: `/v2/organization/${org.id}`, headers: h.as('owner'), payload: { slug: 'other' } });
    expect([taken.statusCode, taken.json().description]).toEqual([400, 'Organization slug is already taken!']);
    expect(await readsOf(stream, edit('owner', 'acme-inc'))).toEqual({ status: 204, reads: 0 });
  });

  it('collection icon', async () => {
    const c = (await h.app.inject({ method: 'POST', url: '/v2/collection', headers: h.as('owner'), payload: { name: 'Favourites', projects: [] } })).json();
    expect(await readsOf(`collection-${c.id}`, () => upload(`/v2/collection/${c.id}/icon?ext=png`, 'owner'))).toEqual({ status: 204, reads: 0 });
    const kept = h.blobs.list().length;
    expect((await upload(`/v2/collection/${c.id}/icon?ext=png`, 'stranger', Buffer.from('not mine'))).statusCode).toBe(401);
    expect(h.blobs.list()).toHaveLength(kept);
  });
});

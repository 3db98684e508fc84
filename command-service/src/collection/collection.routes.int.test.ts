import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scope } from '@modshelf/service-kit';
import { approve, createProject, harness, type Harness } from '../catalogue/testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('collection commands', () => {
  it('creates, edits, sets an icon and deletes a collection', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    const res = await h.app.inject({
      method: 'POST',
      url: '/v2/collection',
      headers: h.as('owner'),
      payload: { name: 'Favourites', description: 'Things I like', projects: ['cool-mod'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-modshelf-position']).toBeDefined();
    const c = res.json();
    expect(c).toMatchObject({ user: 'OwnerAAA', name: 'Favourites', description: 'Things I like', status: 'listed', projects: [p.id], icon_url: null });
    expect(c.id).toMatch(/^[0-9A-Za-z]{8}$/);

    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/v2/collection/${c.id}`,
      headers: h.as('owner'),
      payload: { status: 'public', new_projects: [], name: 'Renamed' },
    });
    expect(edit.statusCode).toBe(204);
    const icon = await h.app.inject({
      method: 'PATCH',
      url: `/v2/collection/${c.id}/icon?ext=png`,
      headers: { ...h.as('owner'), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(icon.statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/collection/${c.id}/icon`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/collection/${c.id}`, headers: h.as('owner') })).statusCode).toBe(204);
    const types = (await h.store.readStream(`collection-${c.id}`)).map((e) => [e.type, e.data]);
    expect(types.map((t) => t[0])).toEqual(['CollectionCreated', 'CollectionEdited', 'CollectionIconChanged', 'CollectionIconChanged', 'CollectionDeleted']);
    expect(types[1][1]).toEqual({ changes: { name: 'Renamed', projects: [] } });
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/collection/${c.id}`, headers: h.as('owner'), payload: { name: 'Again' } })).statusCode).toBe(404);
  });

  it('answers bad input, missing scopes, strangers and hidden projects without writing', async () => {
    const draft = await createProject(h); // a draft: hidden from strangers
    const before = await h.head();
    const bad = await h.app.inject({ method: 'POST', url: '/v2/collection', headers: h.as('owner'), payload: { name: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
    const hidden = await h.app.inject({ method: 'POST', url: '/v2/collection', headers: h.as('stranger'), payload: { name: 'Mine', projects: [draft.id] } });
    expect(hidden.statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/v2/collection', payload: { name: 'Anon' } })).statusCode).toBe(401);
    const noScope = await h.app.inject({
      method: 'POST',
      url: '/v2/collection',
      headers: h.as('owner', { 'x-test-scopes': String(scope('COLLECTION_READ')) }),
      payload: { name: 'Scoped' },
    });
    expect(noScope.statusCode).toBe(401);
    expect(await h.head()).toBe(before);

    const c = (await h.app.inject({ method: 'POST', url: '/v2/collection', headers: h.as('owner'), payload: { name: 'Secret' } })).json();
    await h.app.inject({ method: 'PATCH', url: `/v2/collection/${c.id}`, headers: h.as('owner'), payload: { status: 'private' } });
    const after = await h.head();
    const stranger = await h.app.inject({ method: 'PATCH', url: `/v2/collection/${c.id}`, headers: h.as('stranger'), payload: { name: 'Taken' } });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'not_found', description: 'Collection not found' });
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/collection/${c.id}`, headers: h.as('stranger') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/collection/following', headers: h.as('owner'), payload: { name: 'Following' } })).statusCode).toBe(
      400,
    );
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/collection/${c.id}`, headers: h.as('owner'), payload: { status: 'weird' } })).statusCode).toBe(400);
    expect(await h.head()).toBe(after);
  });
});

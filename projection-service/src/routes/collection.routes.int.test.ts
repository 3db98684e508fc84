import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CollectionCreated,
  CollectionDeleted,
  CollectionEdited,
  CollectionIconChanged,
  ProjectFollowed,
  collectionStream,
  followsStream,
  newId,
} from '@modshelf/events';
import { scope } from '@modshelf/service-kit';
import { replayAndCompare } from '../replay/replay';
import { testApp, type TestApp } from '../testing/app';

describe('collection routes', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let p1: string;
  let draft: string;
  const pub = newId();
  const priv = newId();
  const unl = newId();
  const gone = newId();
  beforeAll(async () => {
    t = await testApp();
    alice = await t.fx.user('alice');
    bob = await t.fx.user('bob');
    p1 = await t.fx.project(bob, { title: 'Public Mod' });
    draft = await t.fx.project(bob, { title: 'Draft Mod' }, 'draft');
    const make = (id: string, name: string, status: 'listed' | 'private' | 'unlisted') =>
      t.fx.emit(
        collectionStream(id),
        [CollectionCreated({ collection_id: id, user_id: alice, name, description: null, status, projects: [p1, draft] })],
        alice,
      );
    await make(pub, 'Public one', 'listed');
    await make(priv, 'Private one', 'private');
    await make(unl, 'Unlisted one', 'unlisted');
    await make(gone, 'Gone', 'listed');
    await t.fx.emit(collectionStream(pub), [CollectionEdited({ changes: { name: 'Renamed', description: 'desc' } })], alice);
    await t.fx.emit(collectionStream(pub), [CollectionIconChanged({ icon_url: 'http://localhost/cdn/data/x/icons/a.png', color: null })], alice);
    await t.fx.emit(collectionStream(gone), [CollectionDeleted({ collection_id: gone })], alice);
    await t.fx.emit(followsStream(alice), [ProjectFollowed({ user_id: alice, project_id: p1 })], alice);
    await t.sync();
  });
  afterAll(async () => t.close());

  it('serves a collection in the v3 shape, hidden projects left out', async () => {
    const r = await t.app.inject(`/v2/collection/${pub}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id: pub,
      user: alice,
      name: 'Renamed',
      description: 'desc',
      status: 'listed',
      icon_url: 'http://localhost/cdn/data/x/icons/a.png',
      color: null,
      projects: [p1],
    });
    expect((await t.app.inject({ url: `/v2/collection/${pub}`, headers: { 'x-test-user': bob } })).json().projects).toEqual([p1, draft]);
    expect((await t.app.inject(`/v2/collection/${unl}`)).statusCode).toBe(200);
  });

  it('answers 404 Collection not found for private, deleted and unknown ones', async () => {
    for (const id of [priv, gone, 'nothere1']) {
      const r = await t.app.inject({ url: `/v2/collection/${id}`, headers: { 'x-test-user': bob } });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: 'not_found', description: 'Collection not found' });
    }
    expect((await t.app.inject({ url: `/v2/collection/${priv}`, headers: { 'x-test-user': alice } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v2/collection/${priv}`, headers: { 'x-test-user': 'ModerAAA:moderator' } })).statusCode).toBe(200);
    // without COLLECTION_READ the owner is anonymous here
    expect((await t.app.inject({ url: `/v2/collection/${priv}`, headers: { 'x-test-user': `${alice}:developer:${scope('USER_READ')}` } })).statusCode).toBe(
      404,
    );
    const many = await t.app.inject(`/v2/collections?ids=${encodeURIComponent(JSON.stringify([pub, priv, unl, gone]))}`);
    expect(many.json().map((c: { id: string }) => c.id)).toEqual([pub, unl]);
    expect((await t.app.inject('/v2/collections?ids=nope')).statusCode).toBe(400);
  });

  it("lists a user's collections; the owner also gets the virtual 'following' collection first", async () => {
    const others = (await t.app.inject(`/v2/user/alice/collections`)).json();
    expect(others.map((c: { id: string }) => c.id)).toEqual([pub]);
    const own = (await t.app.inject({ url: `/v2/user/${alice}/collections`, headers: { 'x-test-user': alice } })).json();
    expect(own.map((c: { id: string }) => c.id)).toEqual(['following', pub, priv, unl]);
    expect(own[0]).toMatchObject({ id: 'following', user: alice, status: 'private', projects: [p1] });
    const f = await t.app.inject({ url: '/v2/collection/following', headers: { 'x-test-user': alice } });
    expect(f.json()).toMatchObject({ id: 'following', projects: [p1] });
    expect((await t.app.inject('/v2/collection/following')).statusCode).toBe(404);
    const nobody = await t.app.inject('/v2/user/nobody/collections');
    expect(nobody.json()).toEqual({ error: 'not_found', description: 'User not found' });
  });

  it('rebuilds to the same read models', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const report = await replayAndCompare({ store: t.fx.store, dataDir: dir, live: t.projections.storage });
    rmSync(dir, { recursive: true, force: true });
    expect(report.differences).toEqual([]);
    expect(report.equal).toBe(true);
  });
});

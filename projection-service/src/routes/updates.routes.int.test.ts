import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing/app';

describe('update-checker route (forge_updates.json)', () => {
  let t: TestApp;
  let pub: string;
  beforeAll(async () => {
    t = await testApp();
    const alice = await t.fx.user('alice');
    pub = await t.fx.project(alice, { title: 'Lanterns', slug: 'lanterns' });
    await t.fx.version(pub, alice, { version_number: '1.0.0', game_versions: ['1.11.4'] });
    await t.fx.version(pub, alice, { version_number: '1.1.0', game_versions: ['1.11.4', '1.16.201-arm64'] });
    await t.fx.version(pub, alice, { version_number: '1.2.0-beta', version_type: 'beta', game_versions: ['1.11.4'] });
    await t.fx.version(pub, alice, { version_number: '2.0.0-bp', loaders: ['behaviorpack'], game_versions: ['1.11.4'] });
    await t.fx.version(pub, alice, { version_number: '3.0.0', status: 'draft', game_versions: ['1.11.4'] });
    const hidden = await t.fx.project(alice, { title: 'Hidden', slug: 'hidden' }, 'draft');
    await t.fx.version(hidden, alice, { version_number: '9.9.9' });
    await t.sync();
  });
  afterAll(async () => t.close());

  it('per game version: latest of any channel and recommended releases, for the coreengine loader by default', async () => {
    const r = await t.app.inject('/v2/updates/lanterns/forge_updates.json?neoforge=include');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      homepage: 'http://localhost/behaviorpack/lanterns', // a mod with a behaviour-pack version is shown under behaviorpack
      promos: { '1.11.4-latest': '1.2.0-beta', '1.11.4-recommended': '1.1.0', '1.16.201-arm64-latest': '1.1.0', '1.16.201-arm64-recommended': '1.1.0' },
    });
    // by id, and at Modrinth's unprefixed path
    expect((await t.app.inject(`/updates/${pub}/forge_updates.json`)).json()).toEqual(r.json());
  });

  it('another loader, or any; bad loader 400; hidden or unknown project 404', async () => {
    const bp = (await t.app.inject('/v2/updates/lanterns/forge_updates.json?loader=behaviorpack')).json();
    expect(bp.promos).toEqual({ '1.11.4-latest': '2.0.0-bp', '1.11.4-recommended': '2.0.0-bp' });
    const any = (await t.app.inject('/v2/updates/lanterns/forge_updates.json?loader=any')).json();
    expect(any.promos['1.11.4-latest']).toBe('2.0.0-bp');
    const bad = await t.app.inject('/v2/updates/lanterns/forge_updates.json?loader=forge');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
    expect((await t.app.inject('/v2/updates/hidden/forge_updates.json')).statusCode).toBe(404);
    expect((await t.app.inject('/v2/updates/nothing-here/forge_updates.json')).statusCode).toBe(404);
  });
});

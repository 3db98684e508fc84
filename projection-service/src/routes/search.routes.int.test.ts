import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadsCounted, ProjectFollowed, downloadsStream, followsStream } from '@modshelf/events';
import { POSITION_HEADER } from '@modshelf/service-kit';
import { testApp, type TestApp } from '../testing/app';

const q = (params: Record<string, string>) => `/v2/search?${new URLSearchParams(params)}`;

describe('GET /v2/search', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await testApp();
    const alice = await t.fx.user('alice');
    const bob = await t.fx.user('bob');
    ids.tech = await t.fx.project(alice, { title: 'Technology Unleashed', categories: ['technology'], description: 'machines and power' });
    ids.magic = await t.fx.project(alice, { title: 'Arcane Magic', categories: ['magic'], project_type: 'mod', description: 'spells for everyone' });
    ids.pack = await t.fx.project(bob, { title: 'Kitchen Pack', project_type: 'modpack', categories: ['kitchen-sink'], description: 'everything' });
    ids.behave = await t.fx.project(bob, {
      title: 'Behaving Blocks',
      categories: ['decoration'],
      description: 'pack of blocks',
      license: { id: 'LicenseRef-Custom', name: 'Custom', url: null },
    });
    ids.hidden = await t.fx.project(bob, { title: 'Hidden Technology' }, 'draft');
    ids.unlisted = await t.fx.project(bob, { title: 'Unlisted Technology' }, 'unlisted');
    await t.fx.version(ids.tech, alice, { version_number: '1', game_versions: ['1.0.3'] });
    await t.fx.version(ids.magic, alice, { version_number: '1', game_versions: ['1.11.4'] });
    await t.fx.version(ids.behave, bob, { version_number: '1', loaders: ['behaviorpack'] });
    await t.fx.emit(downloadsStream(ids.magic), [DownloadsCounted({ project_id: ids.magic, version_id: null, count: 500 })]);
    await t.fx.emit(downloadsStream(ids.pack), [DownloadsCounted({ project_id: ids.pack, version_id: null, count: 50 })]);
    await t.fx.emit(followsStream(alice), [ProjectFollowed({ user_id: alice, project_id: ids.behave })]);
    await t.sync();
  });
  afterAll(async () => t.close());

  const titles = (body: { hits: Array<{ title: string }> }) => body.hits.map((h) => h.title);

  it('lists only publicly listed projects, most downloaded first, with every hit field', async () => {
    const body = (await t.app.inject('/v2/search')).json();
    expect(body).toMatchObject({ offset: 0, limit: 10, total_hits: 4 });
    expect(titles(body)[0]).toBe('Arcane Magic');
    const hit = body.hits[0];
    for (const k of [
      'project_id',
      'project_type',
      'all_project_types',
      'slug',
      'author',
      'author_id',
      'organization',
      'organization_id',
      'title',
      'description',
      'categories',
      'display_categories',
      'versions',
      'downloads',
      'follows',
      'icon_url',
      'date_created',
      'date_modified',
      'latest_version',
      'license',
      'client_side',
      'server_side',
      'environment',
      'disclosure_types',
      'gallery',
      'featured_gallery',
      'color',
    ])
      expect(hit).toHaveProperty(k);
    expect(hit).toMatchObject({ author: 'alice', downloads: 500, icon_url: '', versions: ['1.11.4'], display_categories: ['coreengine', 'magic'] });
  });

  it('filters with facets: AND of ORs, nesting, expressions, v2 keys, behaviour packs', async () => {
    const f = (facets: unknown) => t.app.inject(q({ facets: JSON.stringify(facets) })).then((r) => r.json());
    expect(titles(await f([['project_type:modpack']]))).toEqual(['Kitchen Pack']);
    expect(titles(await f([['categories:magic', 'categories:technology']])).sort()).toEqual(['Arcane Magic', 'Technology Unleashed']);
    expect(titles(await f([['categories:magic', 'categories:technology'], ['versions:1.0.3']]))).toEqual(['Technology Unleashed']);
    expect(titles(await f([[['categories:magic', 'versions:1.11.4'], 'project_type:modpack']])).sort()).toEqual(['Arcane Magic', 'Kitchen Pack']);
    expect(titles(await f([['downloads>100']]))).toEqual(['Arcane Magic']);
    expect(titles(await f([['downloads>=50']]))).toEqual(['Arcane Magic', 'Kitchen Pack']);
    expect(titles(await f([['project_type:behaviorpack']]))).toEqual(['Behaving Blocks']);
    expect((await f([['project_type:mod']])).total_hits).toBe(3);
    expect(titles(await f([['open_source:false']]))).toEqual(['Behaving Blocks']);
    expect(titles(await f([['categories:behaviorpack']]))).toEqual(['Behaving Blocks']);
    expect(titles(await f([['categories!=coreengine'], ['project_type:mod']]))).toEqual(['Behaving Blocks']);
    expect(titles(await f([['follows>0']]))).toEqual(['Behaving Blocks']);
    expect(titles(await f([['author:BOB']])).sort()).toEqual(['Behaving Blocks', 'Kitchen Pack']);
    expect(titles(await f([[`project_id:${ids.tech}`]]))).toEqual(['Technology Unleashed']);
  });

  it('accepts new_filters, ANDed with facets', async () => {
    const nf = (new_filters: string, facets?: unknown) =>
      t.app.inject(q({ new_filters, ...(facets ? { facets: JSON.stringify(facets) } : {}) })).then((r) => r.json());
    expect(titles(await nf('downloads > 100'))).toEqual(['Arcane Magic']);
    expect(titles(await nf('categories IN [magic, kitchen-sink] AND NOT project_types = modpack'))).toEqual(['Arcane Magic']);
    expect(titles(await nf('downloads >= 50', [['project_type:modpack']]))).toEqual(['Kitchen Pack']);
    expect((await t.app.inject(q({ new_filters: 'colour = red' }))).statusCode).toBe(400);
  });

  it('answers 400 invalid_input for unknown facets, bad JSON, bad index', async () => {
    for (const url of [q({ facets: '[["colour:red"]]' }), q({ facets: '[["categories:magic"' }), q({ index: 'best' }), q({ limit: 'many' })]) {
      const r = await t.app.inject(url);
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe('invalid_input');
    }
  });

  it('matches words, prefixes and typos, exact name matches first', async () => {
    expect(titles((await t.app.inject(q({ query: 'technology' }))).json())).toEqual(['Technology Unleashed']);
    expect(titles((await t.app.inject(q({ query: 'techn' }))).json())).toEqual(['Technology Unleashed']);
    expect(titles((await t.app.inject(q({ query: 'tecnology' }))).json())).toEqual(['Technology Unleashed']);
    expect(titles((await t.app.inject(q({ query: 'tecnologi' }))).json())).toEqual(['Technology Unleashed']);
    expect(titles((await t.app.inject(q({ query: 'magc' }))).json())).toEqual([]); // 4 letters: no typo allowed
    expect(titles((await t.app.inject(q({ query: 'arcane spells' }))).json())).toEqual(['Arcane Magic']);
    expect(titles((await t.app.inject(q({ query: 'pack' }))).json())).toEqual(['Kitchen Pack', 'Behaving Blocks']);
    expect(titles((await t.app.inject(q({ query: 'alice' }))).json()).sort()).toEqual(['Arcane Magic', 'Technology Unleashed']);
  });

  it('sorts by each index and pages with Modrinth rules', async () => {
    const newest = (await t.app.inject(q({ index: 'newest' }))).json();
    expect(titles(newest)[0]).toBe('Behaving Blocks');
    expect(titles((await t.app.inject(q({ index: 'follows', limit: '1' }))).json())).toEqual(['Behaving Blocks']);
    const updated = (await t.app.inject(q({ index: 'updated' }))).json();
    expect(updated.total_hits).toBe(4);
    const page = (await t.app.inject(q({ limit: '2', offset: '3' }))).json();
    expect(page).toMatchObject({ offset: 2, limit: 2, total_hits: 4 });
    expect(page.hits).toHaveLength(2);
    expect((await t.app.inject(q({ limit: '0' }))).json().limit).toBe(1);
  });

  it('waits for a presented min position (read-your-writes)', async () => {
    const carol = await t.fx.user('carol');
    const id = await t.fx.project(carol, { title: 'Freshly Made' });
    const head = await t.fx.store.headPosition();
    const r = await t.app.inject({ url: q({ query: 'freshly' }), headers: { 'x-modshelf-min-position': String(head) } });
    expect(titles(r.json())).toEqual(['Freshly Made']);
    expect(Number(r.headers[POSITION_HEADER])).toBeGreaterThanOrEqual(head);
    expect(id).toBeTruthy();
    expect((await t.app.inject(q({ min_position: 'x' }))).statusCode).toBe(400);
  });
});

describe('GET /v2/search word dropping', () => {
  it('drops words from the right when nothing matches all of them', async () => {
    const t = await testApp();
    const a = await t.fx.user('alice');
    await t.fx.project(a, { title: 'Arcane Magic' });
    await t.sync();
    const r = (await t.app.inject('/v2/search?query=arcane%20zzzzzz')).json();
    expect(r.hits.map((h: { title: string }) => h.title)).toEqual(['Arcane Magic']);
    await t.close();
  });
});

describe('read-your-writes bounds', () => {
  it('does not wait for a position past the head of the log', async () => {
    const t = await testApp();
    await t.sync();
    const started = Date.now();
    const r = await t.app.inject({ url: '/v2/search', headers: { 'x-modshelf-min-position': '999999' } });
    expect(r.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    await t.close();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POSITION_HEADER, scope } from '@modshelf/service-kit';
import { PUBLIC_URL, approve, createProject, harness, multipart, projectData, publishVersion, type Harness } from '../testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function expectNothingWritten(before: number) {
  expect(await h.head()).toBe(before);
}

describe('POST /v2/project', () => {
  it('creates a draft with an icon from multipart data, answering the Project shape and the log position', async () => {
    const body = multipart([
      { name: 'data', value: JSON.stringify(projectData({ donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.com/x' }] })) },
      { name: 'icon', filename: 'icon.png', content: PNG, contentType: 'image/png' },
    ]);
    const res = await h.app.inject({ method: 'POST', url: '/v2/project', headers: { ...h.as('owner'), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      slug: 'cool-mod',
      title: 'Cool mod',
      status: 'draft',
      requested_status: 'approved',
      project_type: 'mod',
      license: { id: 'MIT', name: 'MIT License', url: null },
      client_side: 'required',
      server_side: 'optional',
      categories: ['magic'],
      downloads: 0,
      followers: 0,
      versions: [],
    });
    expect(p.id).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(p.icon_url).toMatch(new RegExp(`^${PUBLIC_URL}/cdn/data/${p.id}/icons/[0-9a-f]{128}\\.png$`));
    expect(Number(res.headers[POSITION_HEADER])).toBe(await h.head());
    const types = (await h.events()).filter((e) => e.streamId === `project-${p.id}`).map((e) => e.type);
    expect(types).toEqual(['ProjectCreated', 'TeamMemberAdded', 'ProjectIconChanged']);
    const icon = await h.app.inject({ method: 'GET', url: p.icon_url.slice(PUBLIC_URL.length) });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts a slug case-insensitively only once', async () => {
    await createProject(h);
    const before = await h.head();
    const body = multipart([{ name: 'data', value: JSON.stringify(projectData({ slug: 'COOL-MOD' })) }]);
    const res = await h.app.inject({ method: 'POST', url: '/v2/project', headers: { ...h.as('stranger'), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    await expectNothingWritten(before);
  });

  it('answers bad input with 4xx {error, description} and writes nothing', async () => {
    const before = await h.head();
    const cases: [string, ReturnType<typeof multipart>, number][] = [
      ['malformed JSON', multipart([{ name: 'data', value: '{"slug": ' }]), 400],
      ['wrong types', multipart([{ name: 'data', value: JSON.stringify(projectData({ title: 42 })) }]), 400],
      ['unknown category', multipart([{ name: 'data', value: JSON.stringify(projectData({ categories: ['kitchen-sink'] })) }]), 400],
      ['bad slug', multipart([{ name: 'data', value: JSON.stringify(projectData({ slug: 'a b' })) }]), 400],
      ['bad license', multipart([{ name: 'data', value: JSON.stringify(projectData({ license_id: 'not a license!' })) }]), 400],
      [
        'file before data',
        multipart([
          { name: 'icon', filename: 'i.png', content: PNG },
          { name: 'data', value: JSON.stringify(projectData()) },
        ]),
        400,
      ],
      ['no data', multipart([{ name: 'icon', filename: 'i.png', content: PNG }]), 400],
      [
        'oversize icon',
        multipart([
          { name: 'data', value: JSON.stringify(projectData()) },
          { name: 'icon', filename: 'i.png', content: Buffer.alloc(300 * 1024) },
        ]),
        413,
      ],
    ];
    for (const [name, body, status] of cases) {
      const res = await h.app.inject({ method: 'POST', url: '/v2/project', headers: { ...h.as('owner'), ...body.headers }, payload: body.payload });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(Object.keys(res.json()).sort(), name).toEqual(['description', 'error']);
    }
    await expectNothingWritten(before);
    expect(h.blobs.list()).toEqual([]);
    expect(h.blobs.staged()).toEqual([]);
  });

  it('needs a signed-in actor with PROJECT_CREATE (401 unauthorized)', async () => {
    const before = await h.head();
    const body = multipart([{ name: 'data', value: JSON.stringify(projectData()) }]);
    const anon = await h.app.inject({ method: 'POST', url: '/v2/project', headers: body.headers, payload: body.payload });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe('unauthorized');
    const noScope = await h.app.inject({
      method: 'POST',
      url: '/v2/project',
      headers: { ...h.as('owner', { 'x-test-scopes': String(scope('PROJECT_WRITE')) }), ...body.headers },
      payload: body.payload,
    });
    expect(noScope.statusCode).toBe(401);
    await expectNothingWritten(before);
  });

  it('creates a project with initial versions and submits it for review when is_draft is false', async () => {
    const body = multipart([
      {
        name: 'data',
        value: JSON.stringify(
          projectData({
            is_draft: false,
            initial_versions: [
              {
                name: 'v1',
                version_number: '1.0',
                game_versions: ['1.0.3'],
                loaders: ['coreengine'],
                version_type: 'beta',
                featured: true,
                dependencies: [],
                file_parts: ['jar'],
              },
            ],
          }),
        ),
      },
      { name: 'jar', filename: 'cool.jar', content: 'the jar' },
    ]);
    const res = await h.app.inject({ method: 'POST', url: '/v2/project', headers: { ...h.as('owner'), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('processing');
    expect(res.json().versions).toHaveLength(1);
    expect(res.json()).toMatchObject({ loaders: ['coreengine'], game_versions: ['1.0.3'] });
    const types = (await h.events()).map((e) => e.type);
    expect(types).toContain('VersionPublished');
    expect(types.filter((t) => t === 'ProjectStatusChanged')).toHaveLength(1);
  });
});

describe('PATCH /v2/project/{id|slug}', () => {
  it('edits fields by id or slug and answers 204 with the position', async () => {
    const p = await createProject(h);
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/v2/project/COOL-MOD',
      headers: h.as('owner'),
      payload: { title: 'Cooler mod', issues_url: 'https://example.com/issues', license_id: 'Apache-2.0', categories: ['magic', 'storage'], slug: 'cooler' },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(Number(res.headers[POSITION_HEADER])).toBe(await h.head());
    const last = (await h.events()).at(-1)!;
    expect(last.type).toBe('ProjectEdited');
    expect(last.data).toEqual({
      changes: {
        slug: 'cooler',
        title: 'Cooler mod',
        issues_url: 'https://example.com/issues',
        categories: ['magic', 'storage'],
        license: { id: 'Apache-2.0', name: 'Apache License 2.0', url: null },
      },
    });
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/project/cooler', headers: h.as('owner'), payload: { body: 'x' } })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/project/cool-mod', headers: h.as('owner'), payload: { body: 'y' } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('owner'), payload: { body: 'z' } })).statusCode).toBe(204);
  });

  it('hides drafts from strangers (404) and refuses them on listed projects (401)', async () => {
    const p = await createProject(h);
    const before = await h.head();
    const r1 = await h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('stranger'), payload: { title: 'Hacked!' } });
    expect(r1.statusCode).toBe(404);
    expect(r1.json().error).toBe('not_found');
    await expectNothingWritten(before);
    await approve(h, p.id);
    const before2 = await h.head();
    const r2 = await h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('stranger'), payload: { title: 'Hacked!' } });
    expect(r2.statusCode).toBe(401);
    await expectNothingWritten(before2);
  });

  it('rejects malformed JSON, wrong types and unknown ids without writing', async () => {
    const p = await createProject(h);
    const before = await h.head();
    const bad = [
      { url: `/v2/project/${p.id}`, payload: '{"title": ', headers: { 'content-type': 'application/json' }, status: 400 },
      { url: `/v2/project/${p.id}`, payload: { title: ['x'] }, status: 400 },
      { url: `/v2/project/${p.id}`, payload: { client_side: 'sometimes' }, status: 400 },
      { url: `/v2/project/${p.id}`, payload: { status: 'bogus' }, status: 400 },
      { url: '/v2/project/nope!!', payload: { title: 'Whatever' }, status: 404 },
    ];
    for (const b of bad) {
      const res = await h.app.inject({ method: 'PATCH', url: b.url, headers: { ...h.as('owner'), ...(b.headers ?? {}) }, payload: b.payload as never });
      expect(res.statusCode, res.body).toBe(b.status);
      expect(res.json()).toHaveProperty('error');
      expect(res.json()).toHaveProperty('description');
    }
    await expectNothingWritten(before);
  });

  it('runs the status flow: submit needs a version, staff approve, owner picks a visibility', async () => {
    const p = await createProject(h);
    const patch = (user: 'owner' | 'moderator' | 'stranger', status: string) =>
      h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as(user), payload: { status } });
    let before = await h.head();
    expect((await patch('owner', 'processing')).statusCode).toBe(400);
    expect((await patch('owner', 'approved')).statusCode).toBe(400);
    await expectNothingWritten(before);
    expect((await publishVersion(h, p.id)).statusCode).toBe(200);
    expect((await patch('owner', 'processing')).statusCode).toBe(204);
    before = await h.head();
    expect((await patch('owner', 'approved')).statusCode).toBe(401);
    await expectNothingWritten(before);
    expect((await patch('moderator', 'rejected')).statusCode).toBe(204);
    expect((await patch('owner', 'processing')).statusCode).toBe(204);
    expect((await patch('moderator', 'approved')).statusCode).toBe(204);
    expect((await patch('owner', 'unlisted')).statusCode).toBe(204);
    expect((await patch('owner', 'approved')).statusCode).toBe(204);
    const statuses = (await h.events()).filter((e) => e.type === 'ProjectStatusChanged').map((e) => (e.data as { to: string }).to);
    expect(statuses).toEqual(['processing', 'rejected', 'processing', 'approved', 'unlisted', 'approved']);
  });

  it('never loses one of many concurrent edits of one project', async () => {
    const p = await createProject(h);
    const edits = [
      { title: 'Title two' },
      { description: 'Another description' },
      { body: 'new body' },
      { issues_url: 'https://e.com/i' },
      { source_url: 'https://e.com/s' },
      { wiki_url: 'https://e.com/w' },
      { discord_url: 'https://discord.gg/x' },
      { server_side: 'unsupported' },
    ];
    const results = await Promise.all(edits.map((payload) => h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('owner'), payload })));
    expect(results.map((r) => r.statusCode)).toEqual(edits.map(() => 204));
    const changes = (await h.events()).filter((e) => e.type === 'ProjectEdited').map((e) => (e.data as { changes: object }).changes);
    expect(Object.assign({}, ...changes)).toEqual(Object.assign({}, ...edits));
  });
});

describe('PATCH /v2/projects (bulk)', () => {
  it('adds a category to every project, or to none when one is not allowed', async () => {
    const a = await createProject(h, { slug: 'aaa-mod' });
    const b = await createProject(h, { slug: 'bbb-mod' });
    const c = await createProject(h, { slug: 'ccc-mod' }, 'stranger');
    const before = await h.head();
    const refused = await h.app.inject({
      method: 'PATCH',
      url: `/v2/projects?ids=${encodeURIComponent(JSON.stringify([a.id, c.id]))}`,
      headers: h.as('owner'),
      payload: { add_categories: ['food'] },
    });
    expect(refused.statusCode).toBe(404);
    await expectNothingWritten(before);
    const ok = await h.app.inject({
      method: 'PATCH',
      url: `/v2/projects?ids=${encodeURIComponent(JSON.stringify([a.id, b.id]))}`,
      headers: h.as('owner'),
      payload: { add_categories: ['food'] },
    });
    expect(ok.statusCode, ok.body).toBe(204);
    const edited = (await h.events(before)).map((e) => e.data);
    expect(edited).toEqual([{ changes: { categories: ['magic', 'food'] } }, { changes: { categories: ['magic', 'food'] } }]);
  });
});

describe('icon and gallery', () => {
  it('changes and deletes the icon', async () => {
    const p = await createProject(h);
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/v2/project/${p.id}/icon?ext=png`,
      headers: { ...h.as('owner'), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(res.statusCode, res.body).toBe(204);
    const ev = (await h.events()).at(-1)!;
    expect(ev.type).toBe('ProjectIconChanged');
    expect((ev.data as { icon_url: string }).icon_url).toMatch(/\/icons\/[0-9a-f]{128}\.png$/);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}/icon`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await h.events()).at(-1)!.data).toEqual({ icon_url: null, color: null });
    const before = await h.head();
    const big = await h.app.inject({
      method: 'PATCH',
      url: `/v2/project/${p.id}/icon?ext=png`,
      headers: { ...h.as('owner'), 'content-type': 'image/png' },
      payload: Buffer.alloc(300 * 1024),
    });
    expect(big.statusCode).toBe(413);
    const badExt = await h.app.inject({
      method: 'PATCH',
      url: `/v2/project/${p.id}/icon?ext=exe`,
      headers: { ...h.as('owner'), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(badExt.statusCode).toBe(400);
    const hidden = await h.app.inject({
      method: 'PATCH',
      url: `/v2/project/${p.id}/icon?ext=png`,
      headers: { ...h.as('stranger'), 'content-type': 'image/png' },
      payload: Buffer.from('other'),
    });
    expect(hidden.statusCode).toBe(404);
    await expectNothingWritten(before);
    expect(h.blobs.list()).toHaveLength(1);
  });

  it('adds, edits and deletes gallery images with Modrinth query parameters', async () => {
    const p = await createProject(h);
    const add = (content: string, featured: boolean, title?: string) =>
      h.app.inject({
        method: 'POST',
        url: `/v2/project/${p.id}/gallery?ext=png&featured=${featured}${title ? `&title=${encodeURIComponent(title)}` : ''}&ordering=3`,
        headers: { ...h.as('owner'), 'content-type': 'image/png' },
        payload: Buffer.from(content),
      });
    expect((await add('one', true, 'First shot')).statusCode).toBe(204);
    const first = (await h.events()).at(-1)!.data as { url: string };
    expect(first).toMatchObject({ featured: true, title: 'First shot', ordering: 3, description: null });
    expect((await add('two', true)).statusCode).toBe(204);
    const tail = (await h.events()).slice(-2).map((e) => e.type);
    expect(tail).toEqual(['GalleryImageEdited', 'GalleryImageAdded']);
    const img = await h.app.inject({ method: 'GET', url: first.url.slice(PUBLIC_URL.length) });
    expect(img.body).toBe('one');
    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/v2/project/${p.id}/gallery?url=${encodeURIComponent(first.url)}&description=nice&featured=false`,
      headers: h.as('owner'),
    });
    expect(edit.statusCode, edit.body).toBe(204);
    expect((await h.events()).at(-1)!.data).toEqual({ url: first.url, description: 'nice' });
    const before = await h.head();
    const missing = await h.app.inject({
      method: 'DELETE',
      url: `/v2/project/${p.id}/gallery?url=${encodeURIComponent('http://x/none.png')}`,
      headers: h.as('owner'),
    });
    expect(missing.statusCode).toBe(400);
    const noFeatured = await h.app.inject({
      method: 'POST',
      url: `/v2/project/${p.id}/gallery?ext=png`,
      headers: { ...h.as('owner'), 'content-type': 'image/png' },
      payload: Buffer.from('x'),
    });
    expect(noFeatured.statusCode).toBe(400);
    await expectNothingWritten(before);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}/gallery?url=${encodeURIComponent(first.url)}`, headers: h.as('owner') })).statusCode,
    ).toBe(204);
    expect((await h.events()).at(-1)!.type).toBe('GalleryImageRemoved');
  });
});

describe('DELETE /v2/project/{id}', () => {
  it('needs DELETE_PROJECT and PROJECT_DELETE; afterwards the project is gone and its slug free', async () => {
    const p = await createProject(h);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}`, headers: h.as('owner', { 'x-test-scopes': String(scope('PROJECT_WRITE')) }) }))
        .statusCode,
    ).toBe(401);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}`, headers: h.as('stranger') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('owner'), payload: { title: 'Back again' } })).statusCode).toBe(
      404,
    );
    await createProject(h);
  });
});

import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POSITION_HEADER, PROJECT_PERMISSIONS as P } from '@modshelf/service-kit';
import { PUBLIC_URL, approve, createProject, harness, multipart, publishVersion, versionData, type Harness } from '../testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness({ maxFileBytes: 1000 });
});
afterEach(async () => {
  await h.close();
});

const sha1 = (s: string | Buffer) => createHash('sha1').update(s).digest('hex');
const sha512 = (s: string | Buffer) => createHash('sha512').update(s).digest('hex');

describe('POST /v2/version', () => {
  it('publishes files hashed while streaming, with a primary file and urls on the site origin', async () => {
    const p = await createProject(h);
    const body = multipart([
      {
        name: 'data',
        value: JSON.stringify(
          versionData(p.id, {
            file_parts: ['a', 'b'],
            primary_file: 'b',
            file_types: { a: 'sources-jar' },
            version_type: 'beta',
            dependencies: [{ file_name: 'other.jar', dependency_type: 'optional' }],
          }),
        ),
      },
      { name: 'a', filename: 'cool-sources.jar', content: 'sources' },
      { name: 'b', filename: 'cool mod 1.0.jar', content: 'binary' },
    ]);
    const res = await h.app.inject({ method: 'POST', url: '/v2/version', headers: { ...h.as('owner'), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      project_id: p.id,
      author_id: 'OwnerAAA',
      version_number: '1.0.0',
      version_type: 'beta',
      status: 'listed',
      loaders: ['coreengine'],
      game_versions: ['1.11.4'],
      downloads: 0,
    });
    expect(v.dependencies).toEqual([{ version_id: null, project_id: null, file_name: 'other.jar', dependency_type: 'optional' }]);
    expect(v.files).toEqual([
      {
        hashes: { sha1: sha1('sources'), sha512: sha512('sources') },
        url: `${PUBLIC_URL}/cdn/data/${p.id}/versions/${v.id}/cool-sources.jar`,
        filename: 'cool-sources.jar',
        primary: false,
        size: 7,
        file_type: 'sources-jar',
      },
      {
        hashes: { sha1: sha1('binary'), sha512: sha512('binary') },
        url: `${PUBLIC_URL}/cdn/data/${p.id}/versions/${v.id}/cool%20mod%201.0.jar`,
        filename: 'cool mod 1.0.jar',
        primary: true,
        size: 6,
        file_type: null,
      },
    ]);
    expect(Number(res.headers[POSITION_HEADER])).toBe(await h.head());
    const dl = await h.app.inject({ method: 'GET', url: v.files[1].url.slice(PUBLIC_URL.length), remoteAddress: '203.0.113.9', headers: h.as('owner') });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('binary');
    expect(dl.headers['content-type']).toBe('application/java-archive');
    expect(dl.headers['content-length']).toBe('6');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''cool%20mod%201.0.jar");
    expect(dl.headers.etag).toBe(`"${sha1('binary')}"`);
    expect((await h.app.inject({ method: 'GET', url: `/cdn/data/${p.id}/versions/${v.id}/missing.jar`, headers: h.as('owner') })).statusCode).toBe(404);
    const url = v.files[1].url.slice(PUBLIC_URL.length);
    const part = await h.app.inject({ method: 'GET', url, headers: { ...h.as('owner'), range: 'bytes=2-' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('nary');
    expect(part.headers['content-range']).toBe('bytes 2-5/6');
    const suffix = await h.app.inject({ method: 'GET', url, headers: { ...h.as('owner'), range: 'bytes=-3' } });
    expect(suffix.body).toBe('ary');
    const bad = await h.app.inject({ method: 'GET', url, headers: { ...h.as('owner'), range: 'bytes=9-' } });
    expect(bad.statusCode).toBe(416);
    const cached = await h.app.inject({ method: 'GET', url, headers: { ...h.as('owner'), 'if-none-match': `"${sha1('binary')}"` } });
    expect(cached.statusCode).toBe(304);
    const head = await h.app.inject({ method: 'HEAD', url, headers: h.as('owner') });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('6');
  });

  it('serves files of a hidden (draft) project only to its team and staff', async () => {
    const p = await createProject(h);
    const v = (await publishVersion(h, p.id, 'secret')).json();
    const url = v.files[0].url.slice(PUBLIC_URL.length);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url, headers: h.as('stranger') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url, headers: h.as('owner') })).body).toBe('secret');
    expect((await h.app.inject({ method: 'GET', url, headers: h.as('moderator') })).statusCode).toBe(200);
  });

  it('accepts `data` sent as a JSON file part (browser FormData with a Blob)', async () => {
    const p = await createProject(h);
    const body = multipart([
      { name: 'data', filename: 'blob', contentType: 'application/json', content: JSON.stringify(versionData(p.id)) },
      { name: 'file', filename: 'x.jar', content: 'blob-data' },
    ]);
    const res = await h.app.inject({ method: 'POST', url: '/v2/version', headers: { ...h.as('owner'), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files[0].filename).toBe('x.jar');
  });

  it('answers an oversize file with 413 and stores nothing', async () => {
    const p = await createProject(h);
    const before = await h.head();
    const body = multipart([
      { name: 'data', value: JSON.stringify(versionData(p.id)) },
      { name: 'file', filename: 'big.jar', content: Buffer.alloc(1001, 7) },
    ]);
    const res = await h.app.inject({ method: 'POST', url: '/v2/version', headers: { ...h.as('owner'), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
    expect(await h.head()).toBe(before);
    expect(h.blobs.list()).toEqual([]);
    expect(h.blobs.staged()).toEqual([]);
    // exactly the limit is fine
    expect((await publishVersion(h, p.id, Buffer.alloc(1000, 7))).statusCode).toBe(200);
  });

  it('answers bad data with 4xx and writes nothing (tags, parts, ids, permissions)', async () => {
    const p = await createProject(h);
    const other = await createProject(h, { slug: 'other-mod' }, 'stranger');
    await approve(h, other.id, 'stranger');
    const before = await h.head();
    const blobsBefore = h.blobs.list().length;
    const cases: [string, Record<string, unknown>, number, string?][] = [
      ['unknown loader', { loaders: ['forge'] }, 400],
      ['loader for another type', { loaders: ['zotecore'] }, 400],
      ['unknown game version', { game_versions: ['9.9'] }, 400],
      ['bad channel', { version_type: 'nightly' }, 400],
      ['no loaders', { loaders: [] }, 400],
      ['part not sent', { file_parts: ['file', 'ghost'] }, 400],
      ['primary not a part', { primary_file: 'ghost' }, 400],
      ['unknown dependency', { dependencies: [{ project_id: 'ZZZZZZZZ', dependency_type: 'required' }] }, 400],
      ['unknown project', { project_id: 'ZZZZZZZZ' }, 404],
      ['someone else\u2019s listed project', { project_id: other.id }, 401],
    ];
    for (const [name, over, status] of cases) {
      const res = await publishVersion(h, p.id, `content ${name}`, over);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json()).toHaveProperty('description');
    }
    const malformed = multipart([
      { name: 'data', value: '{nope' },
      { name: 'file', filename: 'a.jar', content: 'x' },
    ]);
    expect(
      (await h.app.inject({ method: 'POST', url: '/v2/version', headers: { ...h.as('owner'), ...malformed.headers }, payload: malformed.payload })).statusCode,
    ).toBe(400);
    const strangerOnDraft = await publishVersion(h, p.id, 'x', {}, 'stranger');
    expect(strangerOnDraft.statusCode).toBe(404);
    expect(await h.head()).toBe(before);
    expect(h.blobs.list().length).toBe(blobsBefore);
    // a path in a file name is refused, not silently cut to its last segment
    const pathName = await publishVersion(h, p.id, 'x', { filename: '../../evil.jar' });
    expect(pathName.statusCode).toBe(400);
    expect(pathName.json().description).toBe("'../../evil.jar' is not a valid file name");
    expect(await h.head()).toBe(before);
    expect(h.blobs.list().length).toBe(blobsBefore);
  });

  it('refuses a file that another project already holds, allows it within the same project', async () => {
    const a = await createProject(h);
    const b = await createProject(h, { slug: 'bbb-mod' });
    expect((await publishVersion(h, a.id, 'same bytes')).statusCode).toBe(200);
    expect((await publishVersion(h, a.id, 'same bytes', { version_number: '1.0.1' })).statusCode).toBe(200);
    const dup = await publishVersion(h, b.id, 'same bytes');
    expect(dup.statusCode).toBe(400);
    expect(dup.json().description).toMatch(/Duplicate files/);
    // once the first project is deleted, its files are free again
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/project/${a.id}`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await publishVersion(h, b.id, 'same bytes')).statusCode).toBe(200);
  });

  it('lets a member with UPLOAD_VERSION publish, not one without', async () => {
    const p = await createProject(h);
    await h.app.inject({
      method: 'POST',
      url: `/v2/team/${p.team}/members`,
      headers: h.as('owner'),
      payload: { user_id: 'MemberBB', permissions: P.EDIT_BODY },
    });
    await h.app.inject({ method: 'POST', url: `/v2/team/${p.team}/join`, headers: h.as('member') });
    expect((await publishVersion(h, p.id, 'm1', {}, 'member')).statusCode).toBe(401);
    await h.app.inject({ method: 'PATCH', url: `/v2/team/${p.team}/members/MemberBB`, headers: h.as('owner'), payload: { permissions: P.UPLOAD_VERSION } });
    expect((await publishVersion(h, p.id, 'm2', {}, 'member')).statusCode).toBe(200);
  });
});

describe('editing versions and files', () => {
  it('PATCH edits fields, the primary file and file types; DELETE file by hash; DELETE version', async () => {
    const p = await createProject(h);
    const v = (await publishVersion(h, p.id, 'one')).json();
    const add = multipart([
      { name: 'data', value: '{}' },
      { name: 'extra', filename: 'extra.zip', content: 'two' },
    ]);
    const added = await h.app.inject({ method: 'POST', url: `/v2/version/${v.id}/file`, headers: { ...h.as('owner'), ...add.headers }, payload: add.payload });
    expect(added.statusCode, added.body).toBe(204);
    expect((await h.events()).at(-1)!.type).toBe('VersionFileAdded');
    const patch = await h.app.inject({
      method: 'PATCH',
      url: `/v2/version/${v.id}`,
      headers: h.as('owner'),
      payload: {
        name: 'Renamed',
        changelog: 'better',
        loaders: ['coreengine', 'behaviorpack'],
        primary_file: ['sha1', sha1('two')],
        file_types: [{ algorithm: 'sha1', hash: sha1('one'), file_type: 'dev-jar' }],
      },
    });
    expect(patch.statusCode, patch.body).toBe(204);
    expect((await h.events()).slice(-3).map((e) => e.type)).toEqual(['VersionEdited', 'VersionPrimaryFileChanged', 'VersionFileTypeChanged']);
    const before = await h.head();
    for (const payload of [{ loaders: ['forge'] }, { version_type: 'gold' }, { primary_file: ['sha1', sha1('nope')] }, { game_versions: [] }]) {
      const r = await h.app.inject({ method: 'PATCH', url: `/v2/version/${v.id}`, headers: h.as('owner'), payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/version/${v.id}`, headers: h.as('stranger'), payload: { name: 'x' } })).statusCode).toBe(404);
    expect(await h.head()).toBe(before);

    expect((await h.app.inject({ method: 'DELETE', url: `/v2/version_file/${sha512('one')}`, headers: h.as('owner') })).statusCode).toBe(204);
    const last = await h.app.inject({ method: 'DELETE', url: `/v2/version_file/${sha1('two')}?version_id=${v.id}`, headers: h.as('owner') });
    expect(last.statusCode).toBe(400); // a version keeps at least one file
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/version_file/${sha1('gone')}`, headers: h.as('owner') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/version/${v.id}`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/version/${v.id}`, headers: h.as('owner') })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/cdn/data/${p.id}/versions/${v.id}/extra.zip` })).statusCode).toBe(404);
  });
});

describe('download counting', () => {
  it('counts downloads once per client (IPv4 or IPv6 /64) and project per flush, flushed on close', async () => {
    const p = await createProject(h);
    const v = (await publishVersion(h, p.id, 'payload')).json();
    await approve(h, p.id);
    const url = v.files[0].url.slice(PUBLIC_URL.length);
    for (const ip of ['198.51.100.1', '198.51.100.1', '2001:db8:5:6::1', '2001:db8:5:6::2', '198.51.100.2']) {
      expect((await h.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode).toBe(200);
    }
    await h.app.close();
    const counted = (await h.store.readStream(`downloads-${p.id}`)).map((e) => e.data);
    expect(counted).toEqual([{ project_id: p.id, version_id: v.id, count: 3 }]);
    expect(h.blobs.staged()).toEqual([]);
  });
});

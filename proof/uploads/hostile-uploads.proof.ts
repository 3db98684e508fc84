import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, multipart, signIn, signUp, type Answer } from '../harness/api';
import AdmZip from 'adm-zip';
import { MODPACK_CATEGORIES, PRODUCT_LOADER } from '@modshelf/events';
import { createProject, projectData, publishVersionRequest, versionData, type Created } from '../harness/catalogue';
import { listFiles, logHead } from '../harness/snapshot';
import { ADMIN, RATE_LIMIT_KEY, startSiteProcess, tempDataDir, type SiteProcess } from '../harness/site-process';

const MAX_FILE_BYTES = 64 * 1024;

/** Sends raw bytes as the body with a given Content-Length and ends the request (a client that stops mid-upload). */
function rawPost(url: string, path: string, headers: Record<string, string>, body: Buffer): Promise<Answer<Created>> {
  return new Promise((resolve, reject) => {
    const u = new URL(url + path);
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { ...headers, 'x-ratelimit-key': RATE_LIMIT_KEY } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), body: text ? JSON.parse(text) : null, text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('hostile uploads', () => {
  let site: SiteProcess;
  let author: string;
  let projectId: string;
  const data = tempDataDir('uploads');
  const figures: string[] = [];
  beforeAll(async () => {
    site = await startSiteProcess(data.dir, { MAX_FILE_BYTES: String(MAX_FILE_BYTES) });
    author = (await signUp(site.url, 'upload_author')).token;
    await signIn(site.url, ADMIN.username, ADMIN.password);
    projectId = await createProject(site.url, author, 'upload-target');
  });
  afterAll(async () => {
    console.log(`[proof] hostile uploads: ${figures.length} attacks, each a 4xx with blobs and log unchanged: ${figures.join('; ')}`);
    await site?.stop();
    data.remove();
  });

  /** Runs one attack: a clear 4xx in the error shape, and the blob folder and the log exactly as before. */
  async function attack(name: string, send: () => Promise<Answer<Created>>, expected: number) {
    const blobsBefore = listFiles(join(data.dir, 'blobs'));
    const headBefore = await logHead(site.url);
    const a = await send();
    expect(a.status, `${name}: ${a.text}`).toBe(expected);
    expect(typeof a.body?.error).toBe('string');
    expect(typeof a.body?.description).toBe('string');
    expect(a.body.description?.length).toBeGreaterThan(0);
    expect(listFiles(join(data.dir, 'blobs'))).toEqual(blobsBefore);
    expect(await logHead(site.url)).toBe(headBefore);
    figures.push(`${name} ${a.status}`);
    return a;
  }

  const file = (filename: string, bytes: Buffer | string = 'harmless bytes') => ({
    name: 'file0',
    filename,
    contentType: 'application/java-archive',
    data: bytes,
  });

  it('a file over MAX_FILE_BYTES is 413, and nothing of it is kept', async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES * 3, 7);
    const a = await attack(
      'over MAX_FILE_BYTES',
      () => publishVersionRequest(site.url, author, versionData(projectId, '1.0.0', ['file0']), [file('big.jar', big)]),
      413,
    );
    expect(a.body.description).toContain(String(MAX_FILE_BYTES));
  });

  it('a truncated multipart body (the client stops mid-file) is 400', async () => {
    const { body, contentType } = multipart([
      { name: 'data', data: JSON.stringify(versionData(projectId, '1.0.1', ['file0'])) },
      file('cut.jar', Buffer.alloc(20_000, 1)),
    ]);
    const cut = body.subarray(0, body.length - 5_000);
    await attack(
      'truncated multipart',
      () => rawPost(site.url, '/v2/version', { authorization: author, 'content-type': contentType, 'content-length': String(cut.length) }, cut),
      400,
    );
  });

  it('a file part that file_parts does not list is 400', async () => {
    const a = await attack(
      'part not in file_parts',
      () =>
        publishVersionRequest(site.url, author, versionData(projectId, '1.0.2', ['file0']), [
          file('listed.jar'),
          { ...file('stowaway.jar', 'other bytes'), name: 'file1' },
        ]),
      400,
    );
    expect(a.body.description).toContain('file1');
  });

  it('a file_parts entry with no such part is 400', async () => {
    await attack(
      'listed part missing',
      () => publishVersionRequest(site.url, author, versionData(projectId, '1.0.3', ['file0', 'file9']), [file('only.jar')]),
      400,
    );
  });

  for (const [label, filename] of [
    ['path traversal', '../../../../etc/passwd.jar'],
    ['absolute path', '/etc/cron.d/evil.jar'],
    ['backslash traversal', '..\\..\\windows\\evil.jar'],
    ['dot-dot', '..'],
    ['control characters', 'evil\u0001\u0007name.jar'],
    ['delete character', 'evil\u007fname.jar'],
    ['NUL byte', 'evil\u0000.jar'],
  ] as const) {
    it(`a file name with ${label} is 400`, async () => {
      await attack(
        label,
        () =>
          publishVersionRequest(site.url, author, versionData(projectId, `2.0.${label.length}-${label.charCodeAt(0)}`, ['file0']), [
            file(filename, `bytes for ${label}`),
          ]),
        400,
      );
    });
  }

  it('a zip bomb as a modpack (.mrpack expanding a thousandfold) is 400, and is never unpacked', async () => {
    const modpackId = await createProjectOfType('upload-modpack', 'modpack');
    const bomb = new AdmZip();
    bomb.addFile('modrinth.index.json', Buffer.from(JSON.stringify({ formatVersion: 1, game: 'minecraft', versionId: '1.0.0', name: 'Bomb', files: [] })));
    bomb.addFile('overrides/zeros.bin', Buffer.alloc(48 * 1024 * 1024));
    const bytes = bomb.toBuffer();
    expect(bytes.length).toBeLessThan(MAX_FILE_BYTES);
    const data = versionData(modpackId, '1.0.0', ['file0'], { loaders: [PRODUCT_LOADER] });
    const a = await attack(
      'zip bomb as a modpack',
      () =>
        publishVersionRequest(site.url, author, data, [
          { name: 'file0', filename: 'bomb.mrpack', contentType: 'application/x-modrinth-modpack+zip', data: bytes },
        ]),
      400,
    );
    expect(a.body.description).toMatch(/refused as a zip bomb/);
    // the same project takes a sound modpack
    const sound = new AdmZip();
    sound.addFile('modrinth.index.json', Buffer.from(JSON.stringify({ formatVersion: 1, game: 'minecraft', versionId: '1.0.1', name: 'Sound', files: [] })));
    const okay = await publishVersionRequest(site.url, author, versionData(modpackId, '1.0.1', ['file0'], { loaders: [PRODUCT_LOADER] }), [
      { name: 'file0', filename: 'sound.mrpack', contentType: 'application/x-modrinth-modpack+zip', data: sound.toBuffer() },
    ]);
    expect(okay.status, okay.text).toBe(200);
  });

  async function createProjectOfType(slug: string, type: string): Promise<string> {
    const { body, contentType } = multipart([
      { name: 'data', data: JSON.stringify(projectData(slug, { project_type: type, categories: [MODPACK_CATEGORIES[0]] })) },
    ]);
    const a = await call<Created>(site.url, 'POST', '/v2/project', { token: author, body, headers: { 'content-type': contentType } });
    expect(a.status, a.text).toBe(200);
    return String(a.body.id);
  }

  it('still accepts an ordinary upload afterwards (the attacks left nothing half-done)', async () => {
    const a = await publishVersionRequest(site.url, author, versionData(projectId, '3.0.0', ['file0']), [file('ordinary.jar', 'ordinary bytes')]);
    expect(a.status, a.text).toBe(200);
    const version = await call<{ files: { filename: string }[] }>(site.url, 'GET', `/v2/version/${a.body.id}`, {
      token: author,
      headers: { 'x-modshelf-min-position': a.headers.get('x-modshelf-position')! },
    });
    expect(version.body.files.map((f) => f.filename)).toEqual(['ordinary.jar']);
  });
});

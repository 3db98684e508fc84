import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore, nameStream } from '@modshelf/events';
import { createProject, harness, multipart, projectData, registerTestUsers, type Harness } from '../testing/harness';
import { SLUG_TAKEN } from './project.service';
import { ORGANIZATION_SLUG_TAKEN } from '../../organization/organization.routes';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/**
 * A command replica in its own process over the shared log file and data dir (its own count journals, as
 * every replica of a deployment); resolves with its base url. A replica that fails to start rejects with its stderr.
 */
function startReplica(dir: string, replicaId: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'command-service/src/catalogue/testing/replica-main.ts'], {
    cwd: ROOT,
    env: { ...process.env, EVENTS_DB: join(dir, 'events.db'), DATA_DIR: dir, REPLICA_ID: replicaId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  return new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error('replica did not start')), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        res({ url: `http://127.0.0.1:${JSON.parse(line).port}`, child });
      }
    });
    child.once('exit', (code) => rej(new Error(`replica exited with ${code}: ${errors.slice(-2000)}`)));
  });
}

function createProjectRequest(url: string, slug: string) {
  const body = multipart([{ name: 'data', value: JSON.stringify(projectData({ slug, title: `Title of ${slug}` })) }]);
  return fetch(`${url}/v2/project`, { method: 'POST', headers: { 'x-test-user': 'owner', ...body.headers }, body: new Uint8Array(body.payload) });
}

describe('two replicas on one SQLite log race for slugs', () => {
  let dir: string;
  let replicas: Array<{ url: string; child: ChildProcess }> = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'replicas-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    await registerTestUsers(store);
    await store.close();
    replicas = await Promise.all([startReplica(dir, 'replica-1'), startReplica(dir, 'replica-2')]);
  }, 60_000);
  afterAll(async () => {
    for (const r of replicas) {
      if (r.child.exitCode === null) {
        r.child.kill('SIGTERM');
        await new Promise((res) => r.child.once('exit', res));
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives each project slug to exactly one creator; every other gets Modrinth's 400", async () => {
    const slugs = ['race-one', 'race-two', 'race-three', 'race-four'];
    // 40 creations, the same slug sent (in mixed case) to both replicas at once
    const attempts = Array.from({ length: 40 }, (_, i) => {
      const slug = slugs[i % slugs.length];
      return createProjectRequest(replicas[i % 2].url, i % 3 === 0 ? slug.toUpperCase() : slug);
    });
    const answers = await Promise.all(attempts.map(async (r) => ({ status: (await r).status, body: await (await r).json() })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(slugs.length);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(40 - slugs.length);
    for (const a of refused) expect(a).toEqual({ status: 400, body: { error: 'invalid_input', description: SLUG_TAKEN } });

    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    try {
      const created = (await store.readAll()).filter((e) => e.type === 'ProjectCreated');
      expect(created.map((e) => (e.data as { slug: string }).slug.toLowerCase()).sort()).toEqual([...slugs].sort());
      for (const slug of slugs) {
        expect((await store.readStream(nameStream('project', slug))).map((e) => e.type)).toEqual(['NameReserved']);
      }
    } finally {
      await store.close();
    }
  }, 60_000);

  it('gives each organization slug to exactly one creator', async () => {
    const attempts = Array.from({ length: 12 }, (_, i) =>
      fetch(`${replicas[i % 2].url}/v2/organization`, {
        method: 'POST',
        headers: { 'x-test-user': 'owner', 'content-type': 'application/json' },
        body: JSON.stringify({ slug: i % 2 ? 'race-org-a' : 'race-org-b', name: 'Racing org', description: 'An organization raced for' }),
      }),
    );
    const answers = await Promise.all(attempts.map(async (r) => ({ status: (await r).status, body: await (await r).json() })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toEqual({ status: 400, body: { error: 'invalid_input', description: ORGANIZATION_SLUG_TAKEN } });
    }
  }, 60_000);

  it('answers at once on the other replica what one replica created (no fold, no lag)', async () => {
    const res = await createProjectRequest(replicas[0].url, 'seen-everywhere');
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const edit = await fetch(`${replicas[1].url}/v2/project/seen-everywhere`, {
      method: 'PATCH',
      headers: { 'x-test-user': 'owner', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Edited elsewhere' }),
    });
    expect(edit.status).toBe(204);
    const again = await createProjectRequest(replicas[1].url, id);
    expect(again.status).toBe(400); // a slug may not be another project's id either
  }, 30_000);
});

describe('names given back', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.close();
  });
  const patch = (id: string, payload: object) => h.app.inject({ method: 'PATCH', url: `/v2/project/${id}`, headers: h.as('owner'), payload });
  const types = async (slug: string) => (await h.store.readStream(nameStream('project', slug))).map((e) => e.type);

  it('a rename releases the old slug, which another project can then take', async () => {
    const a = await createProject(h, { slug: 'alpha' });
    expect((await patch(a.id, { slug: 'beta' })).statusCode).toBe(204);
    expect(await types('alpha')).toEqual(['NameReserved', 'NameReleased']);
    expect(await types('beta')).toEqual(['NameReserved']);
    const b = await createProject(h, { slug: 'Alpha' }, 'member');
    expect(await types('alpha')).toEqual(['NameReserved', 'NameReleased', 'NameReserved']);
    const taken = await patch(a.id, { slug: 'alpha' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: 'invalid_input', description: SLUG_TAKEN });
    expect(b.slug).toBe('Alpha');
  });

  it('a change of case keeps the reservation; a deletion releases the slug', async () => {
    const a = await createProject(h, { slug: 'gamma' });
    expect((await patch(a.id, { slug: 'Gamma' })).statusCode).toBe(204);
    expect(await types('gamma')).toEqual(['NameReserved']);
    const del = await h.app.inject({ method: 'DELETE', url: `/v2/project/${a.id}`, headers: h.as('owner') });
    expect(del.statusCode).toBe(204);
    expect(await types('gamma')).toEqual(['NameReserved', 'NameReleased']);
    await createProject(h, { slug: 'gamma' }, 'member');
  });

  it('an organization rename and deletion release its slugs', async () => {
    const post = (slug: string) =>
      h.app.inject({ method: 'POST', url: '/v2/organization', headers: h.as('owner'), payload: { slug, name: 'Some org', description: 'An organization' } });
    const created = await post('org-one');
    expect(created.statusCode).toBe(200);
    const oid = created.json().id;
    expect((await post('org-one')).json()).toEqual({ error: 'invalid_input', description: ORGANIZATION_SLUG_TAKEN });
    const renamed = await h.app.inject({ method: 'PATCH', url: `/v2/organization/${oid}`, headers: h.as('owner'), payload: { slug: 'org-two' } });
    expect(renamed.statusCode).toBe(204);
    expect((await post('org-one')).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/organization/${oid}`, headers: h.as('owner') })).statusCode).toBe(204);
    expect((await h.store.readStream(nameStream('organization', 'org-two'))).map((e) => e.type)).toEqual(['NameReserved', 'NameReleased']);
    expect((await post('org-two')).statusCode).toBe(200);
  });
});

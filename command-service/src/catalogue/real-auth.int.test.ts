import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteCredentialStore, SqliteEventStore } from '@modshelf/events';
import { installAuth, installErrorHandling, scope } from '@modshelf/service-kit';
import { ensureAdmin, registerAccountRoutes } from '../accounts/index';
import { registerCatalogueCommands } from './plugin';
import { multipart, projectData, versionData } from './testing/harness';

/** The catalogue behind the real auth stack: credential vault, installAuth, sessions and PATs. */
let dir: string;
let app: ReturnType<typeof Fastify>;
let store: SqliteEventStore;
let credentials: SqliteCredentialStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-auth-'));
  store = new SqliteEventStore({ path: join(dir, 'events.db') });
  credentials = new SqliteCredentialStore({ path: join(dir, 'credentials.db') });
  app = Fastify();
  installErrorHandling(app);
  installAuth(app, { credentials });
  const deps = { store, credentials, dataDir: dir, publicUrl: 'http://localhost:8080' };
  registerAccountRoutes(app, { ...deps, devMailbox: false });
  registerCatalogueCommands(app, deps);
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await store.close();
  await credentials.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signUp(username: string): Promise<string> {
  const r = await app.inject({
    method: 'POST',
    url: '/v2/auth/create',
    payload: { username, password: 'correct horse battery', email: `${username}@example.org` },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().session;
}

async function pat(session: string, scopes: number): Promise<string> {
  const r = await app.inject({
    method: 'POST',
    url: '/v2/pat',
    headers: { authorization: session },
    payload: { name: 'ci', scopes, expires: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().access_token;
}

describe('catalogue commands with real sign-in', () => {
  it('a session creates and publishes; PAT scopes gate each command; staff approve', async () => {
    const session = await signUp('author');
    const body = multipart([{ name: 'data', value: JSON.stringify(projectData()) }]);
    const created = await app.inject({
      method: 'POST',
      url: '/v2/project',
      headers: { authorization: `Bearer ${session}`, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const project = created.json();

    const readOnly = await pat(session, scope('PROJECT_READ'));
    const denied = await app.inject({
      method: 'PATCH',
      url: `/v2/project/${project.id}`,
      headers: { authorization: readOnly },
      payload: { title: 'Nope nope' },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().error).toBe('unauthorized');
    const writer = await pat(session, scope('PROJECT_WRITE') + scope('VERSION_CREATE'));
    expect(
      (await app.inject({ method: 'PATCH', url: `/v2/project/${project.id}`, headers: { authorization: writer }, payload: { title: 'Yes yes' } })).statusCode,
    ).toBe(204);

    const v = multipart([
      { name: 'data', value: JSON.stringify(versionData(project.id)) },
      { name: 'file', filename: 'a.jar', content: 'jar' },
    ]);
    expect((await app.inject({ method: 'POST', url: '/v2/version', headers: { authorization: writer, ...v.headers }, payload: v.payload })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ method: 'PATCH', url: `/v2/project/${project.id}`, headers: { authorization: writer }, payload: { status: 'processing' } }))
        .statusCode,
    ).toBe(204);

    // another user cannot see the project under review; staff approve it
    const other = await signUp('reader');
    expect((await app.inject({ method: 'POST', url: `/v2/project/${project.id}/follow`, headers: { authorization: other } })).statusCode).toBe(404);
    await ensureAdmin({ store, credentials }, 'boss', 'the admin password');
    const login = await app.inject({ method: 'POST', url: '/v2/auth/login', payload: { username: 'boss', password: 'the admin password' } });
    expect(login.statusCode, login.body).toBe(200);
    const staff = login.json().session;
    expect(
      (await app.inject({ method: 'PATCH', url: `/v2/project/${project.id}`, headers: { authorization: session }, payload: { status: 'approved' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'PATCH', url: `/v2/project/${project.id}`, headers: { authorization: staff }, payload: { status: 'approved' } })).statusCode,
    ).toBe(204);
    expect((await app.inject({ method: 'POST', url: `/v2/project/${project.id}/follow`, headers: { authorization: other } })).statusCode).toBe(204);
    // an invalid token is anonymous: 401
    expect((await app.inject({ method: 'POST', url: `/v2/project/${project.id}/follow`, headers: { authorization: 'mra_nope' } })).statusCode).toBe(401);
  });
});

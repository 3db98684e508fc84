// Test harness: a real Fastify app on real SQLite files in a temp dir (one, or several replicas over one dir).
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteCredentialStore, SqliteEventStore } from '@modshelf/events';
import { installAuth, installErrorHandling } from '@modshelf/service-kit';
import { installRateLimit, registerAccountRoutes } from './index';
import { OutboxMailer } from './mail';
import type { AccountDeps } from './support';

process.env.ARGON2_MEMORY_KIB ??= '1024';

export interface TestApp {
  app: FastifyInstance;
  deps: AccountDeps;
  mailer: OutboxMailer;
  dir: string;
  close(): Promise<void>;
  req(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  signUp(username: string, password?: string, email?: string): Promise<string>;
}

/** The accounts routes on one Fastify app over the events.db and credentials.db in `dir`, ready to inject. */
export interface AccountsApp<R = void> {
  app: FastifyInstance;
  /** what `register` answered */
  registered: R;
  deps: AccountDeps;
  store: SqliteEventStore;
  credentials: SqliteCredentialStore;
  /** closes the app and its connections (the files stay) */
  stop(): Promise<void>;
}

/**
 * Builds the accounts app over the files in `dir`. Two calls on one `dir` are two replicas: each its own
 * connections to one events.db and one credentials.db, as two processes have. `register` adds more routes
 * before the app is ready.
 */
export async function accountsApp<R = void>(
  dir: string,
  overrides: Partial<AccountDeps> = {},
  options: { bypassKey?: string; register?: (app: FastifyInstance, deps: AccountDeps) => R } = {},
): Promise<AccountsApp<R | undefined>> {
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const credentials = new SqliteCredentialStore({ path: join(dir, 'credentials.db') });
  const deps: AccountDeps = {
    store,
    credentials,
    dataDir: dir,
    publicUrl: 'http://localhost',
    mailer: new OutboxMailer(join(dir, 'outbox')),
    billingCycleMs: 0,
    ...overrides,
  };
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  await installRateLimit(app, { perMinute: deps.rateLimit?.perMinute ?? 100_000, bypassKey: options.bypassKey });
  installAuth(app, { credentials, now: deps.now ? () => deps.now!().getTime() : undefined });
  registerAccountRoutes(app, deps);
  const registered = options.register?.(app, deps);
  await app.ready();
  return {
    app,
    registered,
    deps,
    store,
    credentials,
    async stop() {
      await app.close();
      await store.close();
      await credentials.close();
    },
  };
}

export async function makeTestApp(overrides: Partial<AccountDeps> = {}, limits: { bypassKey?: string } = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'accounts-'));
  const mailer = new OutboxMailer(join(dir, 'outbox'));
  const { app, deps, stop } = await accountsApp(
    dir,
    {
      publicUrl: 'http://localhost:8080',
      mailer,
      rateLimit: { perMinute: 100_000, signInAttempts: 5, signInWindowMs: 60_000 },
      ...overrides,
    },
    limits,
  );
  const req: TestApp['req'] = ({ token, headers, ...opts }) =>
    app.inject({ ...opts, headers: { ...(token ? { authorization: token } : {}), ...headers } }) as Promise<LightMyRequestResponse>;
  return {
    app,
    deps,
    mailer,
    dir,
    req,
    async signUp(username, password = 'correct horse battery', email = `${username}@example.org`) {
      const r = await req({ method: 'POST', url: '/v2/auth/create', payload: { username, password, email } });
      if (r.statusCode !== 200) throw new Error(`sign-up failed: ${r.body}`);
      return r.json().session as string;
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

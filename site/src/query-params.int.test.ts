import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from './index';
import { buildOpenApiDocument, pathSkeleton, registeredRoutes } from './openapi';

/**
 * Query parameters on every registered GET /v2 route, driven from the route list (a new route is
 * covered without a new line here): a repeated parameter is 400 in the error shape, and malformed
 * values of each documented parameter never answer 5xx.
 */
describe('query parameters on every GET /v2 route', () => {
  let site: Site;
  let dir: string;
  let token: string;
  const filled = new Map<string, string>();
  const key = 'query-params-test-key';

  beforeAll(async () => {
    // this file's worker only: lets the test's requests pass the per-IP rate limit
    process.env.RATE_LIMIT_KEY = key;
    dir = mkdtempSync(join(tmpdir(), 'query-params-'));
    site = await startSite({
      web: false,
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_PROJECTS: '6',
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: 'params_admin',
        ADMIN_PASSWORD: 'params-admin-password',
      },
    });
    const login = await site.app.inject({ method: 'POST', url: '/v2/auth/login', payload: { username: 'params_admin', password: 'params-admin-password' } });
    token = login.json().session;
    const get = async (url: string) => (await site.app.inject({ method: 'GET', url, headers: { authorization: token } })).json();
    // real values for path parameters, so the handlers get as far as reading their query
    const hit = (await get('/v2/search?limit=100')).hits.find((h: { latest_version?: string }) => h.latest_version);
    const project = await get(`/v2/project/${hit.project_id}`);
    const version = await get(`/v2/version/${project.versions[0]}`);
    const me = await get('/v2/user');
    const orgs = await get('/v2/user/blockwright/organizations');
    const collections = await get('/v2/user/blockwright/collections');
    filled.set('project', project.id);
    filled.set('version', version.id);
    filled.set('version_file', version.files[0].hashes.sha1);
    filled.set('user', me.id);
    filled.set('team', project.team);
    filled.set('organization', orgs[0]?.id ?? 'AAAAAAAA');
    filled.set('collection', collections[0]?.id ?? 'AAAAAAAA');
    filled.set('license', 'MIT');
    filled.set('moderation', project.id);
    filled.set('billing', me.id);
  }, 180_000);

  afterAll(async () => {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `/v2/project/:id/version/:v` with real ids: the first segment picks the kind of the first id. */
  function concrete(url: string): string {
    const segments = url.split('/');
    const kind = segments[2];
    let n = 0;
    return segments
      .map((s, i) => {
        if (!s.startsWith(':')) return s;
        n++;
        if (url.startsWith('/v2/audit/')) return n === 1 ? 'project' : filled.get('project')!;
        if (n === 2 && segments[i - 1] === 'version') return filled.get('version')!;
        return filled.get(kind) ?? 'AAAAAAAA';
      })
      .join('/');
  }

  function getRoutes() {
    const doc = buildOpenApiDocument();
    const params = new Map<string, { name: string; schema: { type?: string; multipleOf?: number } }[]>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get as { parameters?: { name: string; in: string; schema: { type?: string; multipleOf?: number } }[] } | undefined;
      if (op)
        params.set(
          pathSkeleton(path),
          (op.parameters ?? []).filter((p) => p.in === 'query'),
        );
    }
    const routes = registeredRoutes(site.app).filter((r) => r.method === 'GET' && r.url.startsWith('/v2/'));
    return routes.map((r) => {
      const documented = params.get(pathSkeleton(r.url)) ?? [];
      return {
        url: r.url,
        path: concrete(r.url),
        query: documented.map((p) => p.name),
        typed: documented.filter((p) => p.schema.type === 'integer' || p.schema.type === 'boolean'),
      };
    });
  }

  const inject = (url: string) => site.app.inject({ method: 'GET', url, headers: { authorization: token, 'x-ratelimit-key': key } });

  it('answers a repeated parameter with 400 in the error shape, and changes nothing', async () => {
    const routes = getRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const head = await site.store.headPosition();
    const failures: string[] = [];
    for (const r of routes) {
      // each documented parameter, plus `offset` (the fuzzer's find) and one no route knows
      for (const name of new Set([...r.query, 'offset', 'no_such_param'])) {
        for (const qs of [`${name}=null&${name}=null`, `${name}=1&${name}=2&${name}=3`, `${name}[]=a&${name}[]=b`]) {
          const res = await inject(`${r.path}?${qs}`);
          const body = res.json();
          if (res.statusCode !== 400 || body.error !== 'invalid_input' || typeof body.description !== 'string') {
            failures.push(`${r.url}?${qs} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await site.store.headPosition()).toBe(head);
    // the description names the parameter
    const res = await inject('/v2/search?offset=null&offset=null');
    expect(res.json()).toEqual({ error: 'invalid_input', description: "query parameter 'offset' is given 2 times; give it once" });
  }, 180_000);

  it('never answers 5xx to a malformed value of a documented parameter; every 4xx is in the error shape', async () => {
    const routes = getRoutes();
    const values = ['null', '-1', '', '[', '{"a":1}', '[1,2]', '1e400', '9'.repeat(400), 'x'.repeat(5000), '%00', '%C0%AF', 'true', '0'];
    const failures: string[] = [];
    let checked = 0;
    for (const r of routes) {
      for (const name of r.query) {
        for (const value of values) {
          const qs = `${name}=${value.startsWith('%') ? value : encodeURIComponent(value)}`;
          const res = await inject(`${r.path}?${qs}`);
          checked++;
          if (res.statusCode >= 500) failures.push(`${r.url}?${qs.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (res.statusCode >= 400) {
            const body = (() => {
              try {
                return res.json();
              } catch {
                return null;
              }
            })();
            if (typeof body?.error !== 'string' || typeof body?.description !== 'string')
              failures.push(`${r.url}?${qs.slice(0, 80)} -> ${res.statusCode} not in the error shape`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 180_000);

  it('answers 400 to a documented integer or boolean parameter whose value is not one', async () => {
    const routes = getRoutes();
    const bad = { integer: ['null', '-1', '1.5', 'abc', '1e400', '9'.repeat(40), '[1]'], boolean: ['null', 'maybe', '1', 'TRUE '] };
    const failures: string[] = [];
    let checked = 0;
    for (const r of routes) {
      for (const p of r.typed) {
        for (const value of bad[p.schema.type as 'integer' | 'boolean']) {
          const res = await inject(`${r.path}?${p.name}=${encodeURIComponent(value)}`);
          checked++;
          const body = res.json();
          if (res.statusCode !== 400 || body.error !== 'invalid_input' || !String(body.description).includes(p.name)) {
            failures.push(`${r.url}?${p.name}=${value} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
        // and a good value still passes
        // (a documented multipleOf, e.g. analytics' day-sized resolution_minutes, is the smallest good integer)
        const goodInteger = typeof p.schema.multipleOf === 'number' ? String(p.schema.multipleOf) : '1';
        const good = await inject(`${r.path}?${p.name}=${p.schema.type === 'integer' ? goodInteger : 'true'}`);
        if (good.statusCode >= 400) failures.push(`${r.url}?${p.name}=good -> ${good.statusCode} ${good.body.slice(0, 100)}`);
      }
    }
    // limit, offset, count (three routes), featured, include_changelog, all
    expect(checked).toBeGreaterThanOrEqual(40);
    expect(failures).toEqual([]);
  }, 180_000);
});

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { validate as validateOpenApi, compileErrors } from '@readme/openapi-parser';
import type { z } from 'zod';
import { PAYOUT_ROUTES, accountRouteDocs } from '@modshelf/command-service';
import { MODERATION_ROUTES, QUERY_ROUTES, THREAD_ROUTES } from '@modshelf/projection-service';
import { ErrorAnswer, type RouteDoc } from '@modshelf/service-kit';
import { startSite, type Site } from './index';
import { buildOpenApiDocument, pathSkeleton, registeredRoutes, type OpenApiDocument } from './openapi';

/**
 * The published contract against the running site: (a) real answers of the main routes parse
 * with the zod schemas the document is generated from (strict objects: no undocumented field);
 * (b) the same answers validate against Modrinth's reference document's response schemas;
 * (c) the served document is valid OpenAPI 3.1 and documents every registered /v2 route.
 */

const ROOT = resolve(import.meta.dirname, '../..');
/**
 * Modrinth's published v2 document is not part of this repository: the comparison (b) runs where
 * MODRINTH_OPENAPI names it (a path, relative to the repository root or absolute; `.ci/run` sets it
 * when the document is beside the clone). Without it, (b) is reported as skipped, loudly.
 */
const REFERENCE = process.env.MODRINTH_OPENAPI ? resolve(ROOT, process.env.MODRINTH_OPENAPI) : null;

/** Registered /v2 routes that are deliberately not in the document, with the reason. */
const UNDOCUMENTED: Record<string, string> = {
  // none: every /v2 route is documented. An entry here needs a reason, e.g. a route still being built.
};

/**
 * Known, deliberate differences from Modrinth's reference document (instance path pattern and
 * the validator's message), each with the reason. Anything else failing there fails the test.
 */
const KNOWN_DEVIATIONS: { path: RegExp; message: RegExp; why: string }[] = [
  {
    path: /(^|\/)(project_type|all_project_types\/\d+)$/,
    message: /allowed values/,
    why: "our game's project types: server (and the behaviorpack page type) are not in Modrinth's mod|modpack|resourcepack|shader enum",
  },
  {
    path: /(^|\/)(user|members\/\d+)\/(bio|avatar_url)$|^\/?(\d+\/)?(bio|avatar_url)$/,
    message: /must be string/,
    why: "a user without a bio or avatar answers null, as Modrinth's server does (Option<String>); the document omits nullable",
  },
  {
    path: /^(\d+\/)?type$/,
    message: /allowed values/,
    why: "a project's public comment thread has the type `comments` (Modshelf; Modrinth's threads are project, report or direct_message)",
  },
  {
    path: /(^|\/)(permissions|payouts_split)$/,
    message: /must be integer/,
    why: 'permissions and payouts split are null for callers outside the team, as Modrinth\'s server does ("requires authorization to view")',
  },
];

/** Where a real answer came from: the operation (as documented) and the HTTP answer. */
interface Sample {
  method: RouteDoc['method'];
  path: string;
  url: string;
  status: number;
  body: unknown;
  /** x-modshelf-position of a command's answer */
  position?: string;
  /** a catalogue command's answer: its route format has no answer schema, so only (b) checks it */
  command?: boolean;
}

const ROUTE_DOCS: RouteDoc[] = [...QUERY_ROUTES, ...MODERATION_ROUTES, ...THREAD_ROUTES, ...accountRouteDocs(), ...PAYOUT_ROUTES];
function zodSchemaFor(s: Sample): z.ZodType {
  if (s.status >= 400) return ErrorAnswer;
  const doc = ROUTE_DOCS.find((r) => r.method === s.method && pathSkeleton(r.path) === pathSkeleton(s.path));
  if (!doc) throw new Error(`no RouteDoc for ${s.method} ${s.path}`);
  const answer = doc.responses[s.status];
  if (!answer || typeof answer === 'string' || !answer.schema) throw new Error(`${s.method} ${s.path} documents no ${s.status} body`);
  return answer.schema;
}

/** The fields of the answers this test reads back to make its next calls (the strict schemas check the rest). */
interface SearchAnswer {
  hits: { project_id: string; title: string; latest_version?: string | null }[];
}
interface ProjectAnswer {
  id: string;
  slug: string;
  team: string;
  thread_id: string;
  comment_thread_id: string;
}
interface VersionAnswer {
  id: string;
  version_number: string;
  loaders: string[];
  game_versions: string[];
  files: { hashes: { sha1: string; sha512: string } }[];
}
interface MemberAnswer {
  user: { id: string; username: string };
}
/** An operation of Modrinth's reference document, as far as this test reads it. */
interface ReferenceOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('OpenAPI contract of the running site', () => {
  let site: Site;
  let dir: string;
  let doc: OpenApiDocument;
  const samples: Sample[] = [];
  let session = '';

  async function call(method: RouteDoc['method'], path: string, url: string, init: { token?: string; body?: unknown } = {}): Promise<Sample> {
    const res = await fetch(`${site.url}${url}`, {
      method: method.toUpperCase(),
      headers: {
        ...(init.token ? { authorization: init.token } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    const sample = {
      method,
      path,
      url,
      status: res.status,
      body: text ? JSON.parse(text) : null,
      position: res.headers.get('x-modshelf-position') ?? undefined,
    };
    samples.push(sample);
    return sample;
  }
  /** A multipart catalogue command, kept as a sample for the reference check. */
  async function multipartCall(path: string, url: string, form: FormData): Promise<Sample> {
    const res = await fetch(`${site.url}${url}`, { method: 'POST', headers: { authorization: session }, body: form });
    const text = await res.text();
    const sample: Sample = { method: 'post', path, url, status: res.status, body: text ? JSON.parse(text) : null, command: true };
    samples.push(sample);
    return sample;
  }
  /** A command (its answer is not a documented query answer, so it is kept out of the samples). */
  async function write(url: string, payload: unknown): Promise<{ body: unknown; position: string }> {
    const res = await fetch(`${site.url}${url}`, {
      method: 'POST',
      headers: { authorization: session, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${text}`);
    return { body: JSON.parse(text), position: res.headers.get('x-modshelf-position') ?? '0' };
  }
  const body = <T>(s: Sample): T => {
    if (s.status >= 300) throw new Error(`${s.method.toUpperCase()} ${s.url}: ${s.status} ${JSON.stringify(s.body)}`);
    return s.body as T;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    site = await startSite({
      web: false,
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_PROJECTS: '6',
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: 'openapi_admin',
        ADMIN_PASSWORD: 'openapi-admin-password',
      },
    });
    doc = await (await fetch(`${site.url}/v2/openapi.json`)).json();

    // the main read routes, on the seeded catalogue
    const search = body<SearchAnswer>(await call('get', '/v2/search', '/v2/search?limit=100'));
    await call(
      'get',
      '/v2/search',
      `/v2/search?query=${encodeURIComponent(search.hits[0].title.split(' ')[0])}&facets=${encodeURIComponent('[["project_type:mod","project_type:modpack"]]')}&index=downloads`,
    );
    const hit = search.hits.find((h) => h.latest_version) ?? search.hits[0];
    const project = body<ProjectAnswer>(await call('get', '/v2/project/{id|slug}', `/v2/project/${hit.project_id}`));
    await call('get', '/v2/project/{id|slug}', `/v2/project/${project.slug.toUpperCase()}`);
    await call('get', '/v2/project/{id|slug}/check', `/v2/project/${project.slug}/check`);
    await call('get', '/v2/projects', `/v2/projects?ids=${encodeURIComponent(JSON.stringify(search.hits.map((h) => h.project_id)))}`);
    await call('get', '/v2/projects_random', '/v2/projects_random?count=3');
    await call('get', '/v2/project/{id|slug}/dependencies', `/v2/project/${project.id}/dependencies`);
    const versions = body<VersionAnswer[]>(await call('get', '/v2/project/{id|slug}/version', `/v2/project/${project.id}/version`));
    await call('get', '/v2/project/{id|slug}/version', `/v2/project/${project.id}/version?include_changelog=false&limit=1`);
    const v = versions[0];
    await call('get', '/v2/project/{id|slug}/version/{id|number}', `/v2/project/${project.id}/version/${encodeURIComponent(v.version_number)}`);
    await call('get', '/v2/version/{id}', `/v2/version/${v.id}`);
    await call('get', '/v2/versions', `/v2/versions?ids=${encodeURIComponent(JSON.stringify(versions.map((x) => x.id)))}`);
    const file = v.files[0];
    await call('get', '/v2/version_file/{hash}', `/v2/version_file/${file.hashes.sha1}`);
    await call('get', '/v2/version_file/{hash}', `/v2/version_file/${file.hashes.sha512}?algorithm=sha512`);
    await call('post', '/v2/version_file/{hash}/update', `/v2/version_file/${file.hashes.sha1}/update`, {
      body: { loaders: v.loaders, game_versions: v.game_versions },
    });
    await call('post', '/v2/version_files', '/v2/version_files', { body: { hashes: [file.hashes.sha1, '0'.repeat(40)], algorithm: 'sha1' } });
    await call('post', '/v2/version_files/update', '/v2/version_files/update', {
      body: { hashes: [file.hashes.sha1], algorithm: 'sha1', loaders: [], game_versions: [] },
    });
    const members = body<MemberAnswer[]>(await call('get', '/v2/project/{id|slug}/members', `/v2/project/${project.id}/members`));
    await call('get', '/v2/team/{id}/members', `/v2/team/${project.team}/members`);
    await call('get', '/v2/teams', `/v2/teams?ids=${encodeURIComponent(JSON.stringify([project.team]))}`);
    const author = members[0].user;
    await call('get', '/v2/user/{id|username}', `/v2/user/${author.id}`);
    await call('get', '/v2/user/{id|username}', `/v2/user/${author.username}`);
    await call('get', '/v2/users', `/v2/users?ids=${encodeURIComponent(JSON.stringify([author.id, author.username]))}`);
    await call('get', '/v2/user/{id|username}/projects', `/v2/user/${author.id}/projects`);
    for (const tag of ['category', 'loader', 'game_version', 'license', 'donation_platform', 'report_type', 'project_type', 'side_type']) {
      await call('get', `/v2/tag/${tag}`, `/v2/tag/${tag}`);
    }
    await call('get', '/v2/tag/license/{id}', '/v2/tag/license/MIT');
    await call('get', '/v2/statistics', '/v2/statistics');
    await call('get', '/v2/collections', `/v2/collections?ids=${encodeURIComponent('[]')}`);
    await call('get', '/v2/user/{id|username}/collections', `/v2/user/${author.id}/collections`);
    await call('get', '/v2/user/{id|username}/organizations', `/v2/user/${author.id}/organizations`);

    // signed in: the user, tokens and sessions
    session = body<{ session: string }>(
      await call('post', '/v2/auth/login', '/v2/auth/login', { body: { username: 'openapi_admin', password: 'openapi-admin-password' } }),
    ).session;
    const me = body<{ id: string }>(await call('get', '/v2/user', '/v2/user', { token: session }));
    await call('get', '/v2/user/{id|username}/follows', `/v2/user/${me.id}/follows`, { token: session });
    await call('get', '/v2/user/{id|username}/notifications', `/v2/user/${me.id}/notifications`, { token: session });
    // legacy paths: the payout history shape and the update-checker document
    await call('get', '/v2/user/{id|username}/payouts', `/v2/user/${me.id}/payouts`, { token: session });
    await call('get', '/v2/updates/{id|slug}/forge_updates.json', `/v2/updates/${project.slug}/forge_updates.json?loader=any`);
    await call('get', '/v2/report', '/v2/report?all=true', { token: session });
    // the catalogue's create commands (multipart), for the reference's Project and Version answers
    const form = (data: unknown, files: Record<string, string> = {}) => {
      const f = new FormData();
      f.append('data', JSON.stringify(data));
      for (const [name, text] of Object.entries(files)) f.append(name, new Blob([text], { type: 'application/java-archive' }), `${name}.jar`);
      return f;
    };
    const created = await multipartCall(
      '/v2/project',
      '/v2/project',
      form({
        slug: 'openapi-contract',
        title: 'OpenAPI Contract',
        description: 'a project made by the contract test',
        body: 'body',
        license_id: 'MIT',
        project_type: 'mod',
        categories: ['utility'],
        client_side: 'required',
        server_side: 'optional',
        is_draft: true,
        initial_versions: [],
      }),
    );
    const newProject = body<ProjectAnswer>(created);
    await multipartCall(
      '/v2/version',
      '/v2/version',
      form(
        {
          project_id: newProject.id,
          name: 'First',
          version_number: '1.0.0',
          changelog: 'first',
          dependencies: [],
          game_versions: [v.game_versions[0]],
          version_type: 'release',
          loaders: ['coreengine'],
          featured: false,
          status: 'listed',
          file_parts: ['file0'],
          primary_file: 'file0',
        },
        { file0: 'contract test file' },
      ),
    );

    // organizations, collections, reports and notifications, made by real commands (not validated: command answers)
    const org = await write('/v2/organization', { slug: 'openapi-org', name: 'OpenAPI Org', description: 'an organization for the contract test' });
    const coll = await write('/v2/collection', { name: 'OpenAPI picks', description: 'a collection', projects: [project.id] });
    const report = await write('/v2/report', { report_type: 'spam', item_id: project.id, item_type: 'project', body: 'contract test report' });
    const at = `min_position=${Math.max(Number(org.position), Number(coll.position), Number(report.position))}`;
    const orgId = (org.body as { id: string }).id;
    await call('get', '/v2/organization/{id|slug}', `/v2/organization/${orgId}?${at}`, { token: session });
    await call('get', '/v2/organization/{id|slug}', `/v2/organization/openapi-org?${at}`);
    await call('get', '/v2/organizations', `/v2/organizations?ids=${encodeURIComponent(JSON.stringify([orgId]))}&${at}`);
    await call('get', '/v2/organization/{id|slug}/members', `/v2/organization/${orgId}/members?${at}`, { token: session });
    await call('get', '/v2/organization/{id|slug}/projects', `/v2/organization/${orgId}/projects?${at}`);
    await call('get', '/v2/user/{id|username}/organizations', `/v2/user/${me.id}/organizations?${at}`);
    const collId = (coll.body as { id: string }).id;
    await call('get', '/v2/collection/{id}', `/v2/collection/${collId}?${at}`);
    await call('get', '/v2/collection/{id}', `/v2/collection/following?${at}`, { token: session });
    await call('get', '/v2/collections', `/v2/collections?ids=${encodeURIComponent(JSON.stringify([collId]))}&${at}`);
    await call('get', '/v2/user/{id|username}/collections', `/v2/user/${me.id}/collections?${at}`, { token: session });
    const reportId = (report.body as { id: string }).id;
    await call('get', '/v2/report/{id}', `/v2/report/${reportId}?${at}`, { token: session });
    await call('get', '/v2/reports', `/v2/reports?ids=${encodeURIComponent(JSON.stringify([reportId]))}&${at}`, { token: session });
    const reportThread = (report.body as { thread_id: string }).thread_id;
    const sent = await fetch(`${site.url}/v2/thread/${reportThread}`, {
      method: 'POST',
      headers: { authorization: session, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'text', body: 'Looking into it' }),
    });
    samples.push({ method: 'post', path: '/v2/thread/{id}', url: `/v2/thread/${reportThread}`, status: sent.status, body: null, command: true });
    const th = `min_position=${sent.headers.get('x-modshelf-position') ?? '0'}`;
    await call('get', '/v2/thread/{id}', `/v2/thread/${reportThread}?${th}`, { token: session });
    await call('get', '/v2/thread/{id}', `/v2/thread/${project.comment_thread_id}`);
    await call('get', '/v2/threads', `/v2/threads?ids=${encodeURIComponent(JSON.stringify([reportThread, project.thread_id]))}&${th}`, { token: session });
    await call('get', '/v2/project/{id|slug}/moderation', `/v2/project/${project.id}/moderation`, { token: session });
    await call('get', '/v2/thread/{id}', '/v2/thread/AAAAAAAA');
    await call('get', '/v2/notifications', `/v2/notifications?ids=${encodeURIComponent('[]')}`, { token: session });
    await call('get', '/v2/moderation/projects', '/v2/moderation/projects', { token: session });
    await call('get', '/v2/moderation/stats', '/v2/moderation/stats', { token: session });
    await call('get', '/v2/audit/{stream_type}/{id}', `/v2/audit/project/${project.id}`, { token: session });
    await call('get', '/v2/audit/{stream_type}/{id}', `/v2/audit/project/${project.id}?as_of=${encodeURIComponent(new Date().toISOString())}`, {
      token: session,
    });
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const pat = body<{ access_token: string }>(
      await call('post', '/v2/pat', '/v2/pat', { token: session, body: { name: 'openapi test', scopes: ['PROJECT_READ', 'VERSION_READ'], expires } }),
    );
    await call('get', '/v2/pat', '/v2/pat', { token: session });
    await call('get', '/v2/session/list', '/v2/session/list', { token: session });
    await call('get', '/v2/project/{id|slug}', `/v2/project/${project.id}`, { token: pat.access_token });
    await call('get', '/v2/auth/email/subscribe', '/v2/auth/email/subscribe', { token: session });
    await call('get', '/v2/billing/products', '/v2/billing/products');

    // errors
    await call('get', '/v2/project/{id|slug}', '/v2/project/no-such-project-here');
    await call('get', '/v2/version/{id}', '/v2/version/AAAAAAAA');
    await call('get', '/v2/search', '/v2/search?index=sideways');
    await call('get', '/v2/search', '/v2/search?facets=not-json');
    await call('get', '/v2/user', '/v2/user');
    await call('get', '/v2/pat', '/v2/pat', { token: pat.access_token });
    await call('get', '/v2/projects', '/v2/projects?ids=nope');
    await call('post', '/v2/pat', '/v2/pat', { token: session, body: { name: 'x', scopes: ['PAT_CREATE'], expires } });
  }, 180_000);

  afterAll(async () => {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('(a) real answers conform to the zod schemas the document is generated from', () => {
    it('covers the main routes, successes and errors', () => {
      const got = new Set(samples.map((s) => `${s.status < 400 ? 'ok' : 'error'} ${s.method} ${s.path}`));
      for (const p of [
        '/v2/search',
        '/v2/project/{id|slug}',
        '/v2/project/{id|slug}/version',
        '/v2/version/{id}',
        '/v2/version_file/{hash}',
        '/v2/user',
        '/v2/user/{id|username}',
        '/v2/project/{id|slug}/members',
        '/v2/tag/category',
        '/v2/statistics',
        '/v2/pat',
        '/v2/session/list',
        '/v2/organization/{id|slug}',
        '/v2/organization/{id|slug}/members',
        '/v2/collection/{id}',
        '/v2/user/{id|username}/collections',
        '/v2/report/{id}',
        '/v2/user/{id|username}/notifications',
        '/v2/moderation/projects',
        '/v2/audit/{stream_type}/{id}',
        '/v2/version_files',
        '/v2/teams',
      ]) {
        expect(got, p).toContain(`ok ${p === '/v2/version_files' ? 'post' : 'get'} ${p}`);
      }
      expect([...got].filter((k) => k.startsWith('error')).length).toBeGreaterThanOrEqual(6);
    });

    it('every answer parses (strict: no field the schema does not list)', () => {
      const failures: string[] = [];
      for (const s of samples.filter((x) => !x.command || x.status >= 400)) {
        const r = zodSchemaFor(s).safeParse(s.body);
        if (!r.success)
          failures.push(
            `${s.method.toUpperCase()} ${s.url} (${s.status}): ${r.error.issues
              .slice(0, 5)
              .map((i) => `${i.path.join('.')}: ${i.message}`)
              .join('; ')}`,
          );
      }
      expect(failures).toEqual([]);
    });

    it('every answer status is one the document lists for its operation', () => {
      const missing: string[] = [];
      for (const s of samples) {
        const op = operationOf(doc, s.method, s.path);
        if (!op) missing.push(`${s.method} ${s.path}: not documented`);
        else if (!(op.responses as Record<string, unknown>)[String(s.status)]) missing.push(`${s.method.toUpperCase()} ${s.url}: ${s.status} not documented`);
      }
      expect(missing).toEqual([]);
    });

    it('also validates against the served JSON Schema of each operation (the document itself, not only zod)', () => {
      const ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ $id: 'served', components: doc.components }, 'served');
      const failures: string[] = [];
      for (const s of samples) {
        const schema = responseSchema(operationOf(doc, s.method, s.path), s.status);
        if (!schema) continue;
        const check = ajv.compile(rebase(schema, 'served'));
        if (!check(s.body)) failures.push(`${s.method.toUpperCase()} ${s.url}: ${ajv.errorsText(check.errors?.slice(0, 5))}`);
      }
      expect(failures).toEqual([]);
    });
  });

  describe("(b) real answers are compatible with Modrinth's reference document", () => {
    if (!REFERENCE) {
      console.warn(
        "[openapi] MODRINTH_OPENAPI is not set: the comparison with Modrinth's reference document is SKIPPED (set MODRINTH_OPENAPI=path/to/modrinth-v2-openapi.yaml to run it)",
      );
    }
    // a path that is given but missing is a mistake, not a reason to skip
    it.runIf(REFERENCE !== null)('the reference document named by MODRINTH_OPENAPI exists', () => {
      expect(existsSync(REFERENCE!), `MODRINTH_OPENAPI=${process.env.MODRINTH_OPENAPI} does not exist (resolved to ${REFERENCE})`).toBe(true);
    });

    // skipped (and so reported) without MODRINTH_OPENAPI
    it.skipIf(REFERENCE === null || !existsSync(REFERENCE))(
      "answers validate against the response schemas of Modrinth's reference document (MODRINTH_OPENAPI)",
      () => {
        const reference = parseYaml(readFileSync(REFERENCE!, 'utf8')) as {
          paths: Record<string, Record<string, ReferenceOperation>>;
          components: Record<string, unknown>;
        };
        const ajv = new Ajv({ strict: false, allErrors: true });
        addFormats(ajv);
        // the reference's own formats
        ajv.addFormat('ISO-8601', (x: string) => !Number.isNaN(Date.parse(x)));
        ajv.addFormat('bitfield', true);
        ajv.addSchema({ $id: 'modrinth', components: fromOpenApi30(reference.components) }, 'modrinth');
        const byskeleton = new Map(Object.keys(reference.paths).map((p) => [pathSkeleton(`/v2${p}`), p]));
        const checked: string[] = [];
        const failures: string[] = [];
        const compiled = new Map<unknown, ValidateFunction>();
        for (const s of samples) {
          const refPath = byskeleton.get(pathSkeleton(s.path));
          const refOp = refPath ? reference.paths[refPath][s.method] : undefined;
          if (!refOp) continue;
          const raw = refOp.responses?.[String(s.status)]?.content?.['application/json']?.schema;
          if (!raw) continue;
          let check = compiled.get(raw);
          if (!check) compiled.set(raw, (check = ajv.compile(rebase(fromOpenApi30(raw) as Record<string, unknown>, 'modrinth'))));
          checked.push(`${s.method} ${s.path} ${s.status}`);
          if (check(s.body)) continue;
          const unexpected = (check.errors ?? []).filter(
            (e) => !KNOWN_DEVIATIONS.some((d) => d.path.test(e.instancePath.replace(/^\//, '')) && d.message.test(e.message ?? '')),
          );
          if (unexpected.length) failures.push(`${s.method.toUpperCase()} ${s.url} (${s.status}): ${ajv.errorsText(unexpected.slice(0, 6))}`);
        }
        // the main routes were compared, not skipped for want of a match
        for (const k of [
          'get /v2/search 200',
          'get /v2/project/{id|slug} 200',
          'get /v2/project/{id|slug}/version 200',
          'get /v2/version/{id} 200',
          'get /v2/version_file/{hash} 200',
          'get /v2/user 200',
          'get /v2/project/{id|slug}/members 200',
          'get /v2/tag/category 200',
          'get /v2/statistics 200',
          'post /v2/project 200',
          'post /v2/version 200',
        ]) {
          expect(checked).toContain(k);
        }
        expect(failures).toEqual([]);
      },
    );
  });

  describe('(c) the served document', () => {
    it('is served at /v2/openapi.json and /openapi.json, the same document', async () => {
      const res = await fetch(`${site.url}/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual(doc);
      expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ serverUrl: site.config.publicUrl }))));
    });

    it('is valid OpenAPI 3.1', async () => {
      expect(doc.openapi).toBe('3.1.0');
      const result = await validateOpenApi(structuredClone(doc) as never);
      expect(result.valid ? '' : compileErrors(result)).toBe('');
      const ids = Object.values(doc.paths)
        .flatMap((item) => Object.values(item).map((op) => op.operationId))
        .filter(Boolean);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('has the error shape and the Authorization token scheme with the scope names', () => {
      expect(doc.components.schemas.Error).toMatchObject({ required: ['error', 'description'] });
      const scheme = doc.components.securitySchemes.TokenAuth as {
        type: string;
        in: string;
        name: string;
        description: string;
        'x-scopes': Record<string, number>;
      };
      expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
      for (const name of ['PROJECT_READ', 'VERSION_CREATE', 'PAT_CREATE', 'SESSION_ACCESS', 'ORGANIZATION_WRITE']) expect(scheme.description).toContain(name);
      // every scope an operation asks for is a real scope name
      const names = Object.keys(scheme['x-scopes']);
      for (const item of Object.values(doc.paths))
        for (const op of Object.values(item))
          for (const req of (op.security as Record<string, string[]>[] | undefined) ?? []) for (const s of req.TokenAuth ?? []) expect(names).toContain(s);
    });

    it('documents every registered /v2 route (or lists it, with a reason, as undocumented)', () => {
      const documented = new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${pathSkeleton(path)}`)));
      const registered = registeredRoutes(site.app).filter((r) => r.url.startsWith('/v2') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
      expect(registered.length).toBeGreaterThan(100);
      const undocumented = [...new Set(registered.map((r) => `${r.method} ${pathSkeleton(r.url)}`))].filter((k) => !documented.has(k) && !UNDOCUMENTED[k]);
      expect(undocumented).toEqual([]);
      // and nothing is documented that the site does not serve
      const served = new Set(registered.map((r) => `${r.method} ${pathSkeleton(r.url)}`));
      const ghost = [...documented].filter((k) => k.includes('/v2/') && !served.has(k));
      expect(ghost).toEqual([]);
      // an exclusion that is documented or no longer registered is stale
      for (const k of Object.keys(UNDOCUMENTED)) if (documented.has(k) || !served.has(k)) throw new Error(`stale UNDOCUMENTED entry: ${k}`);
    });

    it('refuses a malformed integer or boolean query parameter on every GET route that documents one', async () => {
      const typed = Object.entries(doc.paths).flatMap(([path, item]) =>
        ((item.get?.parameters ?? []) as Array<{ name: string; in: string; schema?: { type?: string } }>)
          .filter((p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'boolean'))
          .map((p) => ({ path, name: p.name })),
      );
      expect(typed.length).toBeGreaterThan(5);
      for (const { path, name } of typed) {
        // any path parameter will do: the check runs before the handler looks anything up
        const url = `${site.url}${path.replace(/\{[^}]+\}/g, 'x')}?${name}=null`;
        const res = await fetch(url);
        expect([url, res.status]).toEqual([url, 400]);
        expect(await res.json()).toMatchObject({ error: 'invalid_input' });
      }
    });
  });
});

function operationOf(doc: OpenApiDocument, method: string, path: string): Record<string, unknown> | undefined {
  const key = Object.keys(doc.paths).find((p) => pathSkeleton(p) === pathSkeleton(path));
  return key ? (doc.paths[key][method] as Record<string, unknown> | undefined) : undefined;
}

function responseSchema(op: Record<string, unknown> | undefined, status: number): Record<string, unknown> | undefined {
  const r = (op?.responses as Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> | undefined)?.[String(status)];
  return r?.content?.['application/json']?.schema;
}

/** Points `#/components/...` references at the schema registered under `id`. */
function rebase(schema: Record<string, unknown>, id: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\/components\//g, `"$ref":"${id}#/components/`));
}

/**
 * OpenAPI 3.0 schema objects to JSON Schema: `nullable: true` becomes a null alternative, also in
 * the `allOf: [{$ref}, {nullable: true}]` idiom the reference uses for nullable references.
 */
function fromOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromOpenApi30);
  if (!schema || typeof schema !== 'object') return schema;
  const src = schema as Record<string, unknown>;
  let nullable = src.nullable === true;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) if (k !== 'nullable' && k !== 'example' && k !== 'discriminator') out[k] = fromOpenApi30(v);
  if (Array.isArray(src.allOf)) {
    const onlyNullable = (m: Record<string, unknown>) => m.nullable === true && Object.keys(m).every((k) => ['nullable', 'description', 'example'].includes(k));
    if ((src.allOf as Record<string, unknown>[]).some(onlyNullable)) {
      nullable = true;
      out.allOf = (src.allOf as Record<string, unknown>[]).filter((m) => !onlyNullable(m)).map(fromOpenApi30);
    }
  }
  if (!nullable) return out;
  if (typeof out.type === 'string' && !out.enum) return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

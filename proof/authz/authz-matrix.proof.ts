import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, RESTRICTED_MASK, RESTRICTED_SCOPES, hasScope, namesToScopes, scope, type ScopeName } from '@modshelf/service-kit';
import { call, errorDescription, signIn, signUp, type Answer } from '../harness/api';
import { startSiteProcess, tempDataDir, type SiteProcess } from '../harness/site-process';
import { makeFixtures, type Fixtures, type ProjectFixture } from './fixtures';
import { ROUTE_ROWS, type Row } from './route-rows';
import { createPat, oauthToken } from './tokens';

interface Operation {
  key: string;
  method: string;
  path: string;
  auth: 'public' | 'optional' | 'required' | 'session';
  scopes: ScopeName[];
}

/** The /v2 operations of the site's own OpenAPI document, with the token each needs. */
function operationsOf(doc: { paths: Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-session-only'?: boolean }>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/v2')) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const security = op.security ?? [];
      const withToken = security.find((s) => 'TokenAuth' in s);
      const auth = op['x-session-only'] ? 'session' : !withToken ? 'public' : security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required';
      out.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, auth, scopes: (withToken?.TokenAuth ?? []) as ScopeName[] });
    }
  }
  return out;
}

function fill(path: string, row: Row, f: Fixtures, project: ProjectFixture = f.listed): string {
  const byTarget: Record<string, string> = {
    project: project.id,
    version: project.versionId,
    'file-hash': project.sha1,
    team: project.teamId,
    user: f.owner.id,
    organization: f.organizationId,
    collection: f.collectionId,
    report: f.reportId,
    'project-audit': project.id,
    thread: project.threadId,
    message: f.messageId,
    'unknown-id': 'AAAAAAAA',
    none: '',
  };
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (name === 'stream_type') return 'project';
    if (name === 'id|number') return project.versionId;
    if (name === 'id|username' && path.startsWith('/v2/team/')) return f.owner.id;
    if (name === 'id|slug_2') return project.id;
    if (name === 'project_id') return project.id;
    return byTarget[row.target];
  });
}

/** Calls that end the caller's own session or tokens run last. */
const LAST = new Set(['POST /v2/auth/logout', 'POST /v2/session/refresh', 'DELETE /v2/oauth/authorizations', 'DELETE /v2/session/{id}']);
const isMissingScope = (a: Answer) => a.status === 401 && /missing the \w+ scope/.test(errorDescription(a.body));
const isNeedsSession = (a: Answer) => a.status === 401 && /needs a session/.test(errorDescription(a.body));
const isNoAuth = (a: Answer) => a.status === 401;

describe('authorization matrix: every /v2 route x role x token kind', () => {
  let site: SiteProcess;
  let f: Fixtures;
  let ops: Operation[];
  const data = tempDataDir('authz');
  const cells = { total: 0, byKind: {} as Record<string, number> };
  const count = (kind: string) => {
    cells.total++;
    cells.byKind[kind] = (cells.byKind[kind] ?? 0) + 1;
  };
  beforeAll(async () => {
    site = await startSiteProcess(data.dir, { RATE_LIMIT_PER_MIN: '1000000', PAYOUT_REQUIRE_VERIFIED_EMAIL: 'false' });
    f = await makeFixtures(site.url);
    ops = operationsOf((await call<Parameters<typeof operationsOf>[0]>(site.url, 'GET', '/v2/openapi.json')).body);
  });
  afterAll(async () => {
    console.log(`[proof] authorization matrix: ${ops?.length ?? 0} /v2 operations, ${cells.total} cells checked ${JSON.stringify(cells.byKind)}`);
    await site?.stop();
    data.remove();
  });

  it('has a row for every /v2 operation of the OpenAPI document, and no row without an operation', () => {
    const documented = ops.map((o) => o.key).sort();
    expect(
      documented.filter((k) => !ROUTE_ROWS[k]),
      'operations without a row in proof/authz/route-rows.ts',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_ROWS).filter((k) => !documented.includes(k)),
      'rows without an operation',
    ).toEqual([]);
  });

  it('token kinds: anonymous, a session, a PAT per scope and an OAuth token per granted scope get exactly what the document says', async () => {
    const prober = await signUp(site.url, 'authz_prober');
    const dev = await signUp(site.url, 'authz_oauth_dev');
    const patAllowed = ALL_SCOPES - RESTRICTED_MASK; // scope masks pass 32 bits: arithmetic, not bitwise operators
    const minus = (mask: number, s: ScopeName) => (hasScope(mask, s) ? mask - scope(s) : mask);
    const pats = new Map<number, string>();
    const oauths = new Map<number, string>();
    const pat = async (mask: number) => pats.get(mask) ?? pats.set(mask, await createPat(site.url, prober.token, mask)).get(mask)!;
    const oauth = async (names: ScopeName[]) => {
      const mask = namesToScopes(names);
      return oauths.get(mask) ?? oauths.set(mask, await oauthToken(site.url, dev.token, prober.token, mask, names)).get(mask)!;
    };
    const problems: string[] = [];
    const expectThat = (ok: boolean, what: string, a: Answer) => {
      if (!ok) problems.push(`${what}: ${a.status} ${a.text.slice(0, 160)}`);
      if (a.status >= 500) problems.push(`${what}: 5xx ${a.text.slice(0, 160)}`);
    };
    const ordered = [...ops].sort((a, b) => Number(LAST.has(a.key)) - Number(LAST.has(b.key)));
    for (const op of ordered) {
      const row = ROUTE_ROWS[op.key];
      if (!row) continue;
      const path = fill(op.path, row, f);
      const json = op.method === 'GET' || op.method === 'DELETE' ? undefined : (row.body ?? {});
      const send = (token: string | null) => call(site.url, op.method, path, { token, json });
      const restricted = op.scopes.some((s) => RESTRICTED_SCOPES.includes(s));

      const anon = await send(null);
      count('anonymous');
      if (op.auth === 'required' || op.auth === 'session') expectThat(isNoAuth(anon), `${op.key} anonymous must be 401`, anon);
      else expectThat(!isNoAuth(anon), `${op.key} anonymous is allowed`, anon);

      if (op.auth === 'session') {
        const a = await send(await pat(patAllowed));
        count('pat');
        expectThat(isNeedsSession(a), `${op.key} a PAT with every scope must be refused (session only)`, a);
      } else if (op.auth === 'required') {
        for (const s of op.scopes) {
          const without = await send(await pat(minus(patAllowed, s)));
          count('pat');
          expectThat(isMissingScope(without), `${op.key} a PAT without ${s} must be 401 missing scope`, without);
        }
        if (op.scopes.length && !restricted) {
          const withOnly = await send(await pat(namesToScopes(op.scopes)));
          count('pat');
          expectThat(!isMissingScope(withOnly) && !isNeedsSession(withOnly), `${op.key} a PAT with ${op.scopes.join('+')} passes the scope check`, withOnly);
          const viaOauth = await send(await oauth(op.scopes));
          count('oauth');
          expectThat(!isMissingScope(viaOauth), `${op.key} an OAuth token granted ${op.scopes.join('+')} passes the scope check`, viaOauth);
          const other: ScopeName = op.scopes.includes('USER_READ') ? 'PROJECT_READ' : 'USER_READ';
          const wrongOauth = await send(await oauth([other]));
          count('oauth');
          expectThat(isMissingScope(wrongOauth), `${op.key} an OAuth token granted only ${other} must be 401 missing scope`, wrongOauth);
        }
        if (restricted) {
          const a = await send(await pat(patAllowed));
          count('pat');
          expectThat(isMissingScope(a), `${op.key} needs a restricted scope: no PAT can carry it`, a);
        }
      }
      // a session holds every scope
      const session = await signIn(site.url, 'authz_prober', 'authz_prober-password');
      const s = await send(session);
      count('session');
      expectThat(!isMissingScope(s) && !isNeedsSession(s), `${op.key} a session passes`, s);
    }
    expect(problems).toEqual([]);
  });

  it('roles on hidden things: outsiders get 404; team members (each permission bit), organization members, moderators and admins see them', async () => {
    const problems: string[] = [];
    const rows = Object.entries(ROUTE_ROWS).filter(([, r]) => r.hiddenRead);
    expect(rows.length).toBeGreaterThan(5);
    for (const [key, row] of rows) {
      const path = key.slice(key.indexOf(' ') + 1);
      // a route that needs a token answers an anonymous caller 401 before it looks for the thing
      const anonymous = ops.find((o) => o.key === key)?.auth === 'required' ? 401 : 404;
      const viewers: [string, string | null, ProjectFixture, number[]][] = [
        ['anonymous', null, f.hidden, [anonymous]],
        ['user', f.stranger.token, f.hidden, [404]],
        ['user on an organization project', f.stranger.token, f.orgHidden, [404]],
        ...Object.entries(f.members).map(([bit, m]): [string, string, ProjectFixture, number[]] => [`team member with ${bit}`, m.token, f.hidden, [200]]),
        // as Modrinth: an organization's (accepted) members see its hidden projects
        ['organization member', f.orgMember.token, f.orgHidden, [200]],
        ['pending organization invitee', f.orgInvitee.token, f.orgHidden, [404]],
        ['owner of an organization project', f.owner.token, f.orgHidden, [200]],
        ['moderator', f.moderator, f.hidden, [200]],
        ['admin', f.staff, f.hidden, [200]],
        ['owner', f.owner.token, f.hidden, [200]],
      ];
      for (const [who, token, project, statuses] of viewers) {
        const a = await call(site.url, 'GET', fill(path, row, f, project), { token });
        count(`hidden:${who.startsWith('team member') ? 'team member' : who}`);
        if (!statuses.includes(a.status)) problems.push(`${key} as ${who}: ${a.status} (expected ${statuses.join('/')}) ${a.text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("organization members: their org permission bits apply to the organization's projects; pending invitees and outsiders get 404", async () => {
    const problems: string[] = [];
    const o = f.orgHidden;
    const editBody = (t: string) => call(site.url, 'PATCH', `/v2/project/${o.id}`, { token: t, json: { body: `Body ${Math.random()}` } });
    const editDetails = (t: string) => call(site.url, 'PATCH', `/v2/project/${o.id}`, { token: t, json: { description: `Edited ${Math.random()}` } });
    const cells: [string, () => Promise<Answer>, number][] = [
      ['EDIT_BODY as the organization member holding EDIT_BODY', () => editBody(f.orgMember.token), 204],
      ['EDIT_DETAILS as the organization member without it', () => editDetails(f.orgMember.token), 401],
      ['EDIT_BODY as a pending organization invitee', () => editBody(f.orgInvitee.token), 404],
      ['EDIT_BODY as an outsider', () => editBody(f.stranger.token), 404],
    ];
    for (const [what, send, status] of cells) {
      const a = await send();
      count('organization bit');
      if (a.status !== status) problems.push(`${what}: ${a.status} (expected ${status}) ${a.text.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });

  it("a user's own money: the legacy /v2/user/{id}/payouts paths answer others 404 (admins may read, never withdraw)", async () => {
    const problems: string[] = [];
    const path = `/v2/user/${f.owner.id}/payouts`;
    const cells: [string, string, string | null, number][] = [
      ['GET', 'anonymous', null, 401],
      ['GET', 'another user', f.stranger.token, 404],
      ['GET', 'a moderator', f.moderator, 404],
      ['GET', 'an admin', f.staff, 200],
      ['GET', 'the user', f.owner.token, 200],
      ['POST', 'anonymous', null, 401],
      ['POST', 'another user', f.stranger.token, 404],
      ['POST', 'an admin', f.staff, 404],
    ];
    for (const [method, who, token, status] of cells) {
      const a = await call(site.url, method, method === 'POST' ? `${path}?amount=1.00` : path, { token });
      count('own money');
      if (a.status !== status) problems.push(`${method} ${path} as ${who}: ${a.status} (expected ${status}) ${a.text.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });

  it('team permission bits: a member may do what its bit allows, and gets 401 for what it does not', async () => {
    const problems: string[] = [];
    const h = f.hidden;
    const analytics = (metric: string, t: string) =>
      call(site.url, 'GET', `/v2/analytics/${metric}?project_ids=${encodeURIComponent(JSON.stringify([h.id]))}`, { token: t });
    const checks: { bit: string; send: (token: string) => Promise<Answer>; ok: number }[] = [
      {
        bit: 'EDIT_DETAILS',
        send: (t) => call(site.url, 'PATCH', `/v2/project/${h.id}`, { token: t, json: { description: `Edited ${Math.random()}` } }),
        ok: 204,
      },
      { bit: 'EDIT_BODY', send: (t) => call(site.url, 'PATCH', `/v2/project/${h.id}`, { token: t, json: { body: `Body ${Math.random()}` } }), ok: 204 },
      { bit: 'MANAGE_INVITES', send: (t) => call(site.url, 'POST', `/v2/team/${h.teamId}/members`, { token: t, json: { user_id: f.spare.id } }), ok: 204 },
      { bit: 'JOIN', send: (t) => call(site.url, 'POST', `/v2/team/${h.teamId}/join`, { token: t }), ok: 204 },
      {
        bit: 'EDIT_MEMBER',
        send: (t) =>
          call(site.url, 'PATCH', `/v2/team/${h.teamId}/members/${f.spare.id}`, { token: t, json: { role: `Tester ${Math.random()}`.slice(0, 30) } }),
        ok: 204,
      },
      { bit: 'REMOVE_MEMBER', send: (t) => call(site.url, 'DELETE', `/v2/team/${h.teamId}/members/${f.spare.id}`, { token: t }), ok: 204 },
      ...(['downloads', 'views', 'followers'] as const).map((metric) => ({ bit: 'VIEW_ANALYTICS', send: (t: string) => analytics(metric, t), ok: 200 })),
      { bit: 'VIEW_PAYOUTS', send: (t) => analytics('revenue', t), ok: 200 },
    ];
    for (const c of checks) {
      if (c.bit === 'JOIN') {
        // the invited user accepts: removing an accepted member needs REMOVE_MEMBER (a pending invite, MANAGE_INVITES)
        const joined = await c.send(f.spare.token);
        if (joined.status !== 204) problems.push(`the invited user could not join: ${joined.status} ${joined.text}`);
        continue;
      }
      for (const [bit, m] of Object.entries(f.members)) {
        if (bit === c.bit) continue;
        const a = await c.send(m.token);
        count('permission bit');
        if (a.status !== 401) problems.push(`${c.bit} route as a member with only ${bit}: ${a.status} (expected 401) ${a.text.slice(0, 120)}`);
      }
      const stranger = await c.send(f.stranger.token);
      count('permission bit');
      if (stranger.status !== 404) problems.push(`${c.bit} route as an outsider: ${stranger.status} (expected 404, hidden)`);
      const allowed = await c.send(f.members[c.bit].token);
      count('permission bit');
      if (allowed.status !== c.ok)
        problems.push(`${c.bit} route as the member with ${c.bit}: ${allowed.status} (expected ${c.ok}) ${allowed.text.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });
});

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor, requireScope, requireSession, type ScopeName } from '@modshelf/service-kit';

/**
 * Who may call each accounts route: the token rule (anonymous allowed, a
 * signed-in session, or the scopes a token must carry; sessions hold every
 * scope) and, for routes about one user or app, which roles may act on someone
 * else's. This table is enforced by a hook for every route below and tested
 * cell by cell (access-matrix.int.test.ts); handlers add the ownership checks the
 * `target` column describes.
 */
export type TokenRule =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'scopes'; scopes: ScopeName[]; /** the rule does not apply when the body carries this field (e.g. a reset flow) */ exceptWithBodyField?: string };

/** self: the user themself; owner: the app's creator; admin may act on anyone's; moderators and others get 401. */
export type TargetRule = 'self-or-admin' | 'owner-or-admin' | 'own-only' | null;

export interface RouteAccess {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  token: TokenRule;
  target: TargetRule;
}

const pub: TokenRule = { kind: 'public' };
const session: TokenRule = { kind: 'session' };
const scopes = (...s: ScopeName[]): TokenRule => ({ kind: 'scopes', scopes: s });

export const ACCOUNT_ROUTES: RouteAccess[] = [
  { method: 'POST', url: '/v2/auth/create', token: pub, target: null },
  { method: 'POST', url: '/v2/auth/login', token: pub, target: null },
  { method: 'POST', url: '/v2/auth/login/2fa', token: pub, target: null },
  { method: 'POST', url: '/v2/auth/logout', token: session, target: 'own-only' },
  { method: 'POST', url: '/v2/auth/2fa/get_secret', token: scopes('USER_AUTH_WRITE'), target: 'own-only' },
  { method: 'POST', url: '/v2/auth/2fa', token: scopes('USER_AUTH_WRITE'), target: 'own-only' },
  { method: 'DELETE', url: '/v2/auth/2fa', token: scopes('USER_AUTH_WRITE'), target: 'own-only' },
  { method: 'POST', url: '/v2/auth/email/verify', token: pub, target: null },
  { method: 'POST', url: '/v2/auth/email/resend_verify', token: scopes('USER_AUTH_WRITE'), target: 'own-only' },
  { method: 'POST', url: '/v2/auth/password/reset', token: pub, target: null },
  { method: 'PATCH', url: '/v2/auth/password', token: { kind: 'scopes', scopes: ['USER_AUTH_WRITE'], exceptWithBodyField: 'flow' }, target: 'own-only' },
  { method: 'PATCH', url: '/v2/auth/email', token: scopes('USER_AUTH_WRITE'), target: 'own-only' },
  { method: 'GET', url: '/v2/auth/email/subscribe', token: scopes('USER_AUTH_WRITE'), target: 'own-only' },
  { method: 'POST', url: '/v2/auth/email/subscribe', token: scopes('USER_AUTH_WRITE'), target: 'own-only' },
  { method: 'POST', url: '/v2/pat', token: scopes('PAT_CREATE'), target: 'own-only' },
  { method: 'GET', url: '/v2/pat', token: scopes('PAT_READ'), target: 'own-only' },
  { method: 'PATCH', url: '/v2/pat/:id', token: scopes('PAT_WRITE'), target: 'own-only' },
  { method: 'DELETE', url: '/v2/pat/:id', token: scopes('PAT_DELETE'), target: 'own-only' },
  { method: 'GET', url: '/v2/session/list', token: scopes('SESSION_READ'), target: 'own-only' },
  { method: 'DELETE', url: '/v2/session/:id', token: scopes('SESSION_DELETE'), target: 'own-only' },
  { method: 'POST', url: '/v2/session/refresh', token: session, target: 'own-only' },
  { method: 'PATCH', url: '/v2/user/:id', token: scopes('USER_WRITE'), target: 'self-or-admin' },
  { method: 'PATCH', url: '/v2/user/:id/icon', token: scopes('USER_WRITE'), target: 'self-or-admin' },
  { method: 'DELETE', url: '/v2/user/:id/icon', token: scopes('USER_WRITE'), target: 'self-or-admin' },
  { method: 'DELETE', url: '/v2/user/:id', token: scopes('USER_DELETE'), target: 'self-or-admin' },
  { method: 'GET', url: '/_avatars/:file', token: pub, target: null },
  { method: 'POST', url: '/v2/oauth/app', token: scopes('SESSION_ACCESS'), target: 'own-only' },
  { method: 'GET', url: '/v2/oauth/app/:id', token: pub, target: null },
  { method: 'GET', url: '/v2/oauth/apps', token: pub, target: null },
  { method: 'GET', url: '/v2/user/:id/oauth_apps', token: scopes('SESSION_ACCESS'), target: 'self-or-admin' },
  { method: 'PATCH', url: '/v2/oauth/app/:id', token: scopes('SESSION_ACCESS'), target: 'owner-or-admin' },
  { method: 'POST', url: '/v2/oauth/app/:id/secret', token: scopes('SESSION_ACCESS'), target: 'owner-or-admin' },
  { method: 'DELETE', url: '/v2/oauth/app/:id', token: scopes('SESSION_ACCESS'), target: 'owner-or-admin' },
  { method: 'GET', url: '/v2/oauth/authorize', token: scopes('SESSION_ACCESS'), target: 'own-only' },
  { method: 'POST', url: '/v2/oauth/accept', token: scopes('SESSION_ACCESS'), target: 'own-only' },
  { method: 'POST', url: '/v2/oauth/reject', token: scopes('SESSION_ACCESS'), target: 'own-only' },
  { method: 'POST', url: '/v2/oauth/token', token: pub, target: null },
  { method: 'GET', url: '/v2/oauth/authorizations', token: scopes('SESSION_ACCESS'), target: 'own-only' },
  { method: 'DELETE', url: '/v2/oauth/authorizations', token: scopes('SESSION_ACCESS'), target: 'own-only' },
  { method: 'GET', url: '/v2/billing/products', token: pub, target: null },
  { method: 'GET', url: '/v2/billing/payment_methods', token: session, target: 'own-only' },
  { method: 'POST', url: '/v2/billing/payment_method', token: session, target: 'own-only' },
  { method: 'PATCH', url: '/v2/billing/payment_method/:id', token: session, target: 'own-only' },
  { method: 'DELETE', url: '/v2/billing/payment_method/:id', token: session, target: 'own-only' },
  { method: 'GET', url: '/v2/billing/subscriptions', token: session, target: 'own-only' },
  { method: 'POST', url: '/v2/billing/subscription', token: session, target: 'own-only' },
  { method: 'PATCH', url: '/v2/billing/subscription/:id', token: session, target: 'own-only' },
  { method: 'DELETE', url: '/v2/billing/subscription/:id', token: session, target: 'own-only' },
  { method: 'POST', url: '/v2/billing/subscription/:id/retry', token: session, target: 'own-only' },
  { method: 'GET', url: '/v2/billing/charges', token: session, target: 'own-only' },
  { method: 'GET', url: '/v2/billing/user/:id', token: session, target: 'self-or-admin' },
];

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
const byKey = new Map(ACCOUNT_ROUTES.map((r) => [routeKey(r.method, r.url), r]));
export const accessOf = (method: string, url: string): RouteAccess | undefined => byKey.get(routeKey(method, url));

export function enforceTokenRule(request: FastifyRequest, rule: TokenRule): void {
  if (rule.kind === 'public') return;
  if (rule.kind === 'session') {
    requireSession(request);
    return;
  }
  if (rule.exceptWithBodyField) {
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && body[rule.exceptWithBodyField] !== undefined) return;
  }
  requireActor(request);
  requireScope(request, ...rule.scopes);
}

/**
 * Enforces the table on every route registered after it in this context; a
 * route of the accounts API that is missing from the table fails at start-up
 * (extra routes like the billing ones can pass their own table).
 */
export function installAccessMatrix(app: FastifyInstance, table: Map<string, RouteAccess>, ownedPrefixes: string[]): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      // HEAD routes fastify adds for GET follow the GET entry
      const access = table.get(routeKey(m === 'HEAD' ? 'GET' : m, route.url ?? route.path));
      if (!access) {
        if (ownedPrefixes.some((p) => (route.url ?? '').startsWith(p))) throw new Error(`accounts route ${m} ${route.url} has no entry in the access matrix`);
        continue;
      }
      const hook = async (request: FastifyRequest) => enforceTokenRule(request, access.token);
      const prev = route.preHandler;
      route.preHandler = prev ? [hook, ...(Array.isArray(prev) ? prev : [prev])] : hook;
    }
  });
}

import { z } from 'zod';
import { SCOPE_BITS, openApiFragment, type OpenApiFragment, type RouteDoc, type ScopeName } from '@modshelf/service-kit';
import { ACCOUNT_ROUTES, type RouteAccess } from './access-matrix.hook';
import {
  BackupCodes,
  LoginAnswer,
  OAuthAuthorization,
  OAuthClient,
  OAuthClientCreated,
  OAuthConsent,
  OAuthErrorAnswer,
  OAuthToken,
  Pat,
  Session,
  SessionAnswer,
  Subscribed,
  TwoFactorSecret,
  VerifyAnswer,
  Product,
  PaymentMethod,
  Subscription,
  Charge,
  BillingOverview,
  addMethodBody,
  appBody,
  authorizeQuery,
  changePasswordBody,
  codeFlow,
  codeOnly,
  createBody,
  createPat,
  editMethodBody,
  editPat,
  editSubBody,
  editUser,
  emailBody,
  flowBody,
  loginBody,
  resetBeginBody,
  subscribeBody,
  tokenForm,
  verifyBody,
} from '@modshelf/contract/v2';

/**
 * The accounts API's OpenAPI path entries (its schemas are the contract's). Who may call each
 * route (the `security` of each operation) comes from the access matrix, so the document
 * cannot drift from what the hook enforces.
 */

export const ACCOUNT_SCHEMAS = {
  Pat,
  Session,
  OAuthClient,
  OAuthAuthorization,
  PaymentMethod,
  Subscription,
  Charge,
  Product,
} satisfies Record<string, z.ZodType>;

type Doc = Omit<RouteDoc, 'method' | 'path' | 'auth' | 'scopes'>;
const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } });
const done = { 204: 'Done' };
const E400 = { 400: 'Bad input' };
const E401 = { 401: 'Not signed in, or the token lacks the scope' };
const E404 = { 404: 'Not found' };
const idsQuery = z.object({ ids: z.string().meta({ description: 'JSON array of ids' }) });
const imageBody = z.string().meta({ format: 'binary' });

/** Answers and bodies of the accounts routes, keyed like the access matrix ("METHOD /url"). */
const DOCS: Record<string, Doc> = {
  'POST /v2/auth/create': {
    summary: 'Create an account (signs in; mails an e-mail verification link)',
    body: createBody,
    responses: { ...ok(SessionAnswer), ...E400 },
  },
  'POST /v2/auth/login': {
    summary: 'Sign in with username or e-mail; a flow when two-factor is on',
    body: loginBody,
    responses: { ...ok(LoginAnswer), ...E400, 401: 'Wrong credentials', 429: 'Too many failed attempts' },
  },
  'POST /v2/auth/login/2fa': {
    summary: 'Finish a two-factor sign-in (TOTP or a recovery code)',
    body: codeFlow,
    responses: { ...ok(SessionAnswer), ...E400, 401: 'Wrong code' },
  },
  'POST /v2/auth/logout': { summary: 'Sign out (revokes the session)', responses: { ...done, ...E401 } },
  'POST /v2/auth/2fa/get_secret': { summary: 'Start two-factor setup', responses: { ...ok(TwoFactorSecret), ...E400, ...E401 } },
  'POST /v2/auth/2fa': { summary: 'Turn two-factor on (six single-use recovery codes)', body: codeFlow, responses: { ...ok(BackupCodes), ...E400, ...E401 } },
  'DELETE /v2/auth/2fa': { summary: 'Turn two-factor off', body: codeOnly, responses: { ...done, ...E400, ...E401 } },
  'POST /v2/auth/email/verify': { summary: 'Verify an e-mail address with the mailed flow', body: verifyBody, responses: { ...ok(VerifyAnswer), ...E400 } },
  'POST /v2/auth/email/resend_verify': { summary: 'Mail the verification link again', responses: { ...done, ...E400, ...E401 } },
  'POST /v2/auth/password/reset': { summary: 'Mail a password-reset link (always 204)', body: resetBeginBody, responses: { ...done, ...E400 } },
  'PATCH /v2/auth/password': {
    summary: 'Change the password (old password with a session, or a reset flow; a reset signs out everywhere)',
    body: changePasswordBody,
    responses: { ...done, ...E400, ...E401 },
  },
  'PATCH /v2/auth/email': { summary: 'Change the e-mail address (re-verification mailed)', body: emailBody, responses: { ...done, ...E400, ...E401 } },
  'GET /v2/auth/email/subscribe': { summary: 'Newsletter choice', responses: { ...ok(Subscribed), ...E401 } },
  'POST /v2/auth/email/subscribe': { summary: 'Change the newsletter choice', body: Subscribed, responses: { ...done, ...E400, ...E401 } },
  'POST /v2/pat': { summary: 'Create a personal access token (restricted scopes refused)', body: createPat, responses: { ...ok(Pat), ...E400, ...E401 } },
  'GET /v2/pat': { summary: "The caller's personal access tokens, newest first", responses: { ...ok(z.array(Pat)), ...E401 } },
  'PATCH /v2/pat/:id': { summary: 'Modify a personal access token', body: editPat, responses: { ...done, ...E400, ...E401, ...E404 } },
  'DELETE /v2/pat/:id': { summary: 'Revoke a personal access token', responses: { ...done, ...E401, ...E404 } },
  'GET /v2/session/list': { summary: "The caller's sessions", responses: { ...ok(z.array(Session)), ...E401 } },
  'DELETE /v2/session/:id': { summary: 'Revoke a session', responses: { ...done, ...E401, ...E404 } },
  'POST /v2/session/refresh': { summary: 'Swap the current session for a new one', responses: { ...ok(SessionAnswer), ...E401 } },
  'PATCH /v2/user/:id': { summary: "Modify a user's profile (role: admins only)", body: editUser, responses: { ...done, ...E400, ...E401, ...E404 } },
  'PATCH /v2/user/:id/icon': {
    summary: "Change a user's avatar (raw png/jpeg/gif/webp body up to 2 MiB; ?ext=png)",
    body: imageBody,
    bodyContentType: 'image/*',
    query: z.object({ ext: z.enum(['png', 'jpg', 'jpeg', 'gif', 'webp']).optional() }),
    responses: { ...done, ...E400, ...E401, ...E404, 413: 'Too large' },
  },
  'DELETE /v2/user/:id/icon': { summary: "Remove a user's avatar", responses: { ...done, ...E401, ...E404 } },
  'DELETE /v2/user/:id': { summary: 'Delete an account (forgets personal data)', responses: { ...done, ...E401, ...E404 } },
  'GET /_avatars/:file': { summary: 'An avatar image', responses: { 200: { description: 'The image', contentType: 'image/*' }, ...E404 } },
  'POST /v2/oauth/app': {
    summary: 'Register an OAuth application (the secret is shown once)',
    body: appBody,
    responses: { ...ok(OAuthClientCreated), ...E400, ...E401 },
  },
  'GET /v2/oauth/app/:id': { summary: 'Get an OAuth application', responses: { ...ok(OAuthClient), ...E404 } },
  'GET /v2/oauth/apps': { summary: 'Get several OAuth applications', query: idsQuery, responses: { ...ok(z.array(OAuthClient)), ...E400 } },
  'GET /v2/user/:id/oauth_apps': { summary: "A user's OAuth applications", responses: { ...ok(z.array(OAuthClient)), ...E401, ...E404 } },
  'PATCH /v2/oauth/app/:id': { summary: 'Modify an OAuth application', body: appBody.partial(), responses: { ...done, ...E400, ...E401, ...E404 } },
  'POST /v2/oauth/app/:id/secret': {
    summary: "Replace an OAuth application's secret",
    responses: { ...ok(z.strictObject({ client_secret: z.string() })), ...E401, ...E404 },
  },
  'DELETE /v2/oauth/app/:id': { summary: 'Delete an OAuth application (and every token it was given)', responses: { ...done, ...E401, ...E404 } },
  'GET /v2/oauth/authorize': {
    summary: 'Consent data for an authorization request (PKCE S256 required)',
    query: authorizeQuery,
    responses: { ...ok(OAuthConsent), ...E400, ...E401, ...E404 },
  },
  'POST /v2/oauth/accept': {
    summary: 'Accept a consent flow: the redirect location (code and state)',
    body: flowBody,
    responses: { ...ok(z.string()), ...E400, ...E401 },
  },
  'POST /v2/oauth/reject': {
    summary: 'Reject a consent flow: the redirect location (error=access_denied)',
    body: flowBody,
    responses: { ...ok(z.string()), ...E400, ...E401 },
  },
  'POST /v2/oauth/token': {
    summary:
      'Exchange a code for an mro_ token (client authentication: HTTP Basic, the raw secret in Authorization with client_id in the form, or client_id and client_secret in the form)',
    body: tokenForm,
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: {
      ...ok(OAuthToken),
      400: { description: 'Bad request or grant', schema: OAuthErrorAnswer },
      401: { description: 'Client authentication failed', schema: OAuthErrorAnswer },
    },
  },
  'GET /v2/oauth/authorizations': { summary: 'The applications the caller authorized', responses: { ...ok(z.array(OAuthAuthorization)), ...E401 } },
  'DELETE /v2/oauth/authorizations': {
    summary: "Revoke an application's authorization (?client_id=)",
    query: z.object({ client_id: z.string() }),
    responses: { ...done, ...E400, ...E401 },
  },
  'GET /v2/billing/products': { summary: 'Products and prices', responses: ok(z.array(Product)) },
  'GET /v2/billing/payment_methods': { summary: "The caller's payment methods", responses: { ...ok(z.array(PaymentMethod)), ...E401 } },
  'POST /v2/billing/payment_method': {
    summary: 'Add a payment method (sandbox token such as tok_visa, or card details)',
    body: addMethodBody,
    responses: { ...ok(PaymentMethod), ...E400, ...E401, 424: 'Declined' },
  },
  'PATCH /v2/billing/payment_method/:id': {
    summary: 'Make a payment method the primary one',
    body: editMethodBody,
    responses: { ...done, ...E400, ...E401, ...E404 },
  },
  'DELETE /v2/billing/payment_method/:id': { summary: 'Remove a payment method', responses: { ...done, ...E400, ...E401, ...E404 } },
  'GET /v2/billing/subscriptions': { summary: "The caller's subscriptions", responses: { ...ok(z.array(Subscription)), ...E401 } },
  'POST /v2/billing/subscription': {
    summary: 'Subscribe (charges the primary payment method)',
    body: subscribeBody,
    responses: { ...ok(Subscription), ...E400, ...E401, 424: 'Payment failed' },
  },
  'PATCH /v2/billing/subscription/:id': { summary: 'Cancel or resume a subscription', body: editSubBody, responses: { ...done, ...E400, ...E401, ...E404 } },
  'DELETE /v2/billing/subscription/:id': {
    summary: 'Cancel a subscription (perks last until the period ends)',
    responses: { ...done, ...E400, ...E401, ...E404 },
  },
  'POST /v2/billing/subscription/:id/retry': {
    summary: 'Retry a failed renewal',
    responses: { ...ok(Subscription), ...E400, ...E401, ...E404, 424: 'Payment failed' },
  },
  'GET /v2/billing/charges': { summary: "The caller's charges, newest first", responses: { ...ok(z.array(Charge)), ...E401 } },
  'GET /v2/billing/user/:id': { summary: "A user's billing overview (the user or an admin)", responses: { ...ok(BillingOverview), ...E401, ...E404 } },
};

/** fastify's `/v2/user/:id` to Modrinth's `/v2/user/{id|username}` where the reference names it so. */
const PARAM_NAMES: Record<string, string> = { '/v2/user/:id': '{id|username}' };
function openApiPath(url: string): string {
  for (const [prefix, name] of Object.entries(PARAM_NAMES)) if (url === prefix || url.startsWith(`${prefix}/`)) url = url.replace(':id', name);
  return url.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function security(r: RouteAccess): Pick<RouteDoc, 'auth' | 'scopes'> {
  if (r.token.kind === 'public') return { auth: 'none' };
  if (r.token.kind === 'session') return { auth: 'session' };
  return { auth: r.token.exceptWithBodyField ? 'optional' : 'required', scopes: r.token.scopes };
}

/** Every accounts route (from the access matrix) with its answers: a matrix row without docs throws. */
export function accountRouteDocs(): RouteDoc[] {
  return ACCOUNT_ROUTES.map((r) => {
    const key = `${r.method} ${r.url}`;
    const doc = DOCS[key];
    if (!doc) throw new Error(`accounts route ${key} has no OpenAPI entry in accounts/openapi.ts`);
    const tag = r.url.startsWith('/v2/billing')
      ? 'billing'
      : r.url.startsWith('/v2/oauth') || r.url.includes('oauth_apps')
        ? 'oauth'
        : r.url.startsWith('/v2/auth')
          ? 'auth'
          : r.url.startsWith('/v2/pat') || r.url.startsWith('/v2/session')
            ? 'tokens'
            : 'users';
    const who = r.target === 'self-or-admin' ? ' Only the user themself or an admin.' : r.target === 'owner-or-admin' ? ' Only its creator or an admin.' : '';
    return {
      method: r.method.toLowerCase() as RouteDoc['method'],
      path: openApiPath(r.url),
      tags: [tag],
      ...security(r),
      ...doc,
      ...(who ? { description: who.trim() } : {}),
    };
  });
}

/** OpenAPI path items and component schemas of the accounts API. */
export function accountsOpenApi(): OpenApiFragment {
  return openApiFragment(accountRouteDocs(), ACCOUNT_SCHEMAS);
}

/** Scope names with their bits, for the security scheme's description. */
export const SCOPE_NAMES = Object.keys(SCOPE_BITS) as ScopeName[];

import { z } from 'zod';
import { AccountDateTime, AccountId, Scopes, scopeInput } from './account';

/** OAuth2 applications, consent (PKCE) and the token endpoint. */
export const appBody = z.object({
  name: z.string().trim().min(3, 'name: at least 3 characters').max(255),
  icon_url: z.url().max(2048).nullable().optional(),
  url: z.url().max(2048).nullable().optional(),
  description: z.string().max(255).nullable().optional(),
  redirect_uris: z.array(z.url('redirect_uris: not a URL').max(2048)).min(1, 'redirect_uris: at least one').max(20),
  max_scopes: scopeInput,
});
export const authorizeQuery = z.object({
  client_id: z.string().regex(/^[0-9A-Za-z]{8}$/, 'client_id: not a valid id'),
  redirect_uri: z.string().optional(),
  scope: z.string().min(1, 'scope: required'),
  state: z.string().max(1024).optional(),
  response_type: z.literal('code').optional(),
  code_challenge: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'code_challenge: PKCE (S256) is required'),
  code_challenge_method: z.literal('S256', 'code_challenge_method: only S256 is supported').optional().default('S256'),
});
export const flowBody = z.object({ flow: z.string().min(1).max(200) });
export const tokenForm = z.object({
  grant_type: z.literal('authorization_code', 'grant_type: only authorization_code is supported'),
  code: z.string().min(1),
  redirect_uri: z.string().optional(),
  client_id: z.string().min(1).optional().meta({ description: 'required unless the client authenticates with HTTP Basic' }),
  code_verifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'code_verifier: a PKCE verifier of 43-128 characters is required'),
  client_secret: z.string().optional(),
});

/** The token endpoint's errors: our shape plus RFC 6749 §5.2's error_description. */
export const OAuthErrorAnswer = z.strictObject({
  error: z.string().meta({ description: 'invalid_request, invalid_client, invalid_grant, ...' }),
  description: z.string(),
  error_description: z.string(),
});
export const OAuthClient = z.strictObject({
  id: AccountId,
  name: z.string(),
  icon_url: z.string().nullable(),
  max_scopes: Scopes,
  redirect_uris: z.array(z.strictObject({ id: z.string(), client_id: AccountId, uri: z.string() })),
  created_by: AccountId,
  created: AccountDateTime,
  url: z.string().nullable(),
  description: z.string().nullable(),
});
export const OAuthClientCreated = z.strictObject({ client_secret: z.string(), client: OAuthClient });
export const OAuthConsent = z.strictObject({
  flow_id: z.string(),
  client_id: AccountId,
  client_name: z.string(),
  client_icon: z.string().nullable(),
  client_url: z.string().nullable(),
  client_creator: z.strictObject({ id: AccountId, username: z.string() }).nullable(),
  requested_scopes: Scopes,
  requested_scope_names: z.array(z.string()),
  redirect_uri: z.string(),
  state: z.string().nullable(),
  already_authorized: z.boolean(),
});
export const OAuthToken = z.strictObject({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int(), scope: z.string() });
export const OAuthAuthorization = z.strictObject({
  id: z.string(),
  app_id: AccountId,
  user_id: AccountId,
  scopes: Scopes,
  created: AccountDateTime,
  app_name: z.string().nullable(),
  app_icon: z.string().nullable(),
});

export type OAuthClient = z.output<typeof OAuthClient>;
export type OAuthConsent = z.output<typeof OAuthConsent>;
export type OAuthAuthorization = z.output<typeof OAuthAuthorization>;

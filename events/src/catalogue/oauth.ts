import { z } from 'zod';
import { defineEvent } from '../registry';
import { id, isoTime, nullableUrl, url } from './fields';

/**
 * OAuth2 applications. Stream: oauth_app-<app_id>. The client secret is never in
 * the log (only its hash, in the credential vault). Authorizations a user grants
 * are facts on the user's stream (user-<id>).
 */
export const oauthAppStream = (appId: string) => `oauth_app-${appId}`;
const scopes = z.number().int().nonnegative();
const appFields = z.object({
  name: z.string().min(3).max(255),
  icon_url: nullableUrl,
  url: nullableUrl,
  description: z.string().max(255).nullable(),
  redirect_uris: z.array(url).min(1).max(20),
  max_scopes: scopes,
});

export const OAuthAppCreated = defineEvent('OAuthAppCreated', 1, appFields.extend({ app_id: id, created_by: id, created: isoTime }));
export const OAuthAppEdited = defineEvent('OAuthAppEdited', 1, z.object({ changes: appFields.partial() }));
export const OAuthAppSecretRotated = defineEvent('OAuthAppSecretRotated', 1, z.object({}));
export const OAuthAppDeleted = defineEvent('OAuthAppDeleted', 1, z.object({}));

/** On user-<id>: the user granted (or widened) an app's access; scopes are the whole grant. */
export const OAuthAppAuthorized = defineEvent('OAuthAppAuthorized', 1, z.object({ authorization_id: id, app_id: id, scopes, created: isoTime }));
export const OAuthAuthorizationRevoked = defineEvent('OAuthAuthorizationRevoked', 1, z.object({ app_id: id }));

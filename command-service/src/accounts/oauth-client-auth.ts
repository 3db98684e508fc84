import { InvalidInput, Unauthorized } from '@modshelf/contract';

/** How the client authenticated at the token endpoint, and who it says it is. */
export interface ClientAuthentication {
  /** `client_secret_basic` (RFC 6749 §2.3.1), Modrinth's raw secret in `Authorization`, `client_secret_post`, or none */
  method: 'client_secret_basic' | 'raw_secret' | 'client_secret_post' | 'none';
  clientId: string;
  secret: string | null;
}

export const WWW_AUTHENTICATE = { 'www-authenticate': 'Basic realm="modshelf", charset="UTF-8"' };
/** What clientAuthentication reads of the request (a FastifyRequest fits). */
export interface ClientAuthRequest {
  headers: { authorization?: string };
}

/** `application/x-www-form-urlencoded` decoding, which §2.3.1 applies to both Basic credentials. */
const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

/**
 * Client credentials: HTTP Basic (client_id and secret from the header, §2.3.1), Modrinth's
 * `Authorization: <secret>` with client_id in the form, or client_id and client_secret in the form.
 * One method per request (§2.3); with Basic a client_id in the form must name the same client.
 */
export function clientAuthentication(request: ClientAuthRequest, form: Record<string, unknown>): ClientAuthentication {
  const formId = typeof form.client_id === 'string' && form.client_id !== '' ? form.client_id : undefined;
  const formSecret = typeof form.client_secret === 'string' ? form.client_secret : undefined;
  const h = typeof request.headers.authorization === 'string' ? request.headers.authorization.trim() : '';
  if (/^Basic\s+/i.test(h)) {
    const decoded = Buffer.from(h.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    let clientId: string;
    let secret: string;
    try {
      if (i < 0) throw new Error('no colon');
      clientId = formDecode(decoded.slice(0, i));
      secret = formDecode(decoded.slice(i + 1));
    } catch {
      throw new Unauthorized('Client authentication failed: malformed HTTP Basic credentials', { code: 'invalid_client', headers: WWW_AUTHENTICATE });
    }
    if (formSecret !== undefined)
      throw new InvalidInput('Use one client authentication method: HTTP Basic or client_secret in the form, not both', { code: 'invalid_request' });
    if (formId !== undefined && formId !== clientId)
      throw new InvalidInput('client_id in the form differs from the HTTP Basic credentials', { code: 'invalid_request' });
    return { method: 'client_secret_basic', clientId, secret };
  }
  if (formId === undefined) throw new InvalidInput('client_id: required (in the form, or as the HTTP Basic user name)', { code: 'invalid_request' });
  if (h) {
    if (formSecret !== undefined)
      throw new InvalidInput('Use one client authentication method: the Authorization header or client_secret in the form, not both', {
        code: 'invalid_request',
      });
    return { method: 'raw_secret', clientId: formId, secret: h.replace(/^Bearer\s+/i, '') };
  }
  if (formSecret !== undefined) return { method: 'client_secret_post', clientId: formId, secret: formSecret };
  return { method: 'none', clientId: formId, secret: null };
}

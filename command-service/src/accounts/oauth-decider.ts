import { OAuthAppCreated, OAuthAppDeleted, OAuthAppEdited, OAuthAppSecretRotated, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { conflict, invalidInput, isValidScopeMask, notFound, RESTRICTED_MASK, unauthorized } from '@modshelf/contract';
import type { Decider } from '../kernel/decider';

export interface AppFields {
  name: string;
  icon_url: string | null;
  url: string | null;
  description: string | null;
  redirect_uris: string[];
  max_scopes: number;
}

export interface OAuthAppState {
  exists: boolean;
  deleted: boolean;
  app: (AppFields & { app_id: string; created_by: string; created: string }) | null;
}

interface Who {
  userId: string;
  role: string;
}

export type OAuthAppCommand =
  | { type: 'CreateApp'; app_id: string; created_by: string; created: string; fields: AppFields }
  | { type: 'EditApp'; actor: Who; changes: Partial<AppFields> }
  | { type: 'RotateSecret'; actor: Who }
  | { type: 'DeleteApp'; actor: Who };

/** true when every set bit of `mask` is also set in `within` (48-bit safe). */
export function scopesWithin(mask: number, within: number): boolean {
  for (let bit = 0; bit < 48; bit++) {
    const v = 2 ** bit;
    if (Math.floor(mask / v) % 2 === 1 && Math.floor(within / v) % 2 === 0) return false;
  }
  return true;
}

function checkScopes(mask: number): void {
  if (!isValidScopeMask(mask)) throw invalidInput('max_scopes: not a valid scope mask');
  for (let bit = 0; bit < 48; bit++) {
    const v = 2 ** bit;
    if (Math.floor(mask / v) % 2 === 1 && Math.floor(RESTRICTED_MASK / v) % 2 === 1) {
      throw invalidInput('max_scopes: restricted scopes cannot be given to an application');
    }
  }
}

function checkRedirects(uris: string[]): void {
  for (const u of uris) {
    let parsed: URL;
    try {
      parsed = new URL(u);
    } catch {
      throw invalidInput(`redirect_uris: ${u} is not a URL`);
    }
    if (parsed.hash) throw invalidInput('redirect_uris: a redirect URI may not have a fragment');
    const local = parsed.hostname === 'localhost' || parsed.hostname === '127.0.0.1' || parsed.hostname === '[::1]';
    if (['javascript:', 'data:', 'file:', 'vbscript:', 'blob:'].includes(parsed.protocol)) throw invalidInput(`redirect_uris: ${u} is not allowed`);
    if (parsed.protocol === 'http:' && !local) throw invalidInput(`redirect_uris: ${u} must use https (http only for localhost)`);
  }
}

function requireOwner(s: OAuthAppState, actor: Who): void {
  if (s.app!.created_by !== actor.userId && actor.role !== 'admin') {
    throw unauthorized('You do not have permission to manage this application');
  }
}

export const oauthAppDecider: Decider<OAuthAppCommand, OAuthAppState> = {
  initialState: { exists: false, deleted: false, app: null },
  evolve(s, e: RecordedEvent) {
    if (OAuthAppCreated.is(e)) {
      const { app_id, created_by, created, ...fields } = e.data;
      return { exists: true, deleted: false, app: { ...fields, app_id, created_by, created } };
    }
    if (OAuthAppEdited.is(e) && s.app) return { ...s, app: { ...s.app, ...e.data.changes } };
    if (OAuthAppDeleted.is(e)) return { ...s, deleted: true };
    return s;
  },
  decide(c, s): DecidedEvent[] {
    if (c.type === 'CreateApp') {
      if (s.exists) throw conflict('application exists');
      checkScopes(c.fields.max_scopes);
      checkRedirects(c.fields.redirect_uris);
      return [OAuthAppCreated({ ...c.fields, app_id: c.app_id, created_by: c.created_by, created: c.created })];
    }
    if (!s.exists || s.deleted || !s.app) throw notFound('application not found');
    requireOwner(s, c.actor);
    switch (c.type) {
      case 'EditApp': {
        if (c.changes.max_scopes !== undefined) checkScopes(c.changes.max_scopes);
        if (c.changes.redirect_uris !== undefined) checkRedirects(c.changes.redirect_uris);
        const changes = Object.fromEntries(
          Object.entries(c.changes).filter(([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(s.app?.[k as keyof typeof s.app])),
        );
        return Object.keys(changes).length ? [OAuthAppEdited({ changes })] : [];
      }
      case 'RotateSecret':
        return [OAuthAppSecretRotated({})];
      case 'DeleteApp':
        return [OAuthAppDeleted({})];
    }
  },
};

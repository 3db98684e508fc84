import type { Actor, EventStore } from '@modshelf/events';
import { invalidInput, notFound } from '@modshelf/contract';
import type { ProjectDoc, VersionDoc } from '../read-model/documents';
import type { ReadModelStore } from '../read-model/port';
import type { Projections } from '../runner/runner';
import { LINKABLE_STATUSES, PUBLIC_VERSION_STATUSES, isListed } from '../views/derive';

/** What the query routes need of the account store: private fields of GET /v2/user. */
export interface AccountLookup {
  getAccount(userId: string): Promise<{ email: string | null; emailVerified: boolean; passwordHash: string | null } | null>;
}

export interface QueryDeps {
  projections: Projections;
  credentials?: AccountLookup;
  /** public base URL of the site, e.g. http://localhost:8080 */
  publicUrl: string;
  /** the event log, read by the audit routes (absent: /v2/audit is not served) */
  store?: EventStore;
}

export const isStaff = (a: Actor | null) => !!a && (a.role === 'admin' || a.role === 'moderator');

/** A signed-in caller with the organizations they are an accepted member of (read once per request: readerOf). */
export type Reader = Actor & { readonly organizations: ReadonlySet<string> };

const NO_ORGANIZATIONS: ReadonlySet<string> = new Set();

/** The caller as a Reader (null when anonymous). */
export async function readerOf(rm: ReadModelStore, actor: Actor): Promise<Reader>;
export async function readerOf(rm: ReadModelStore, actor: Actor | null): Promise<Reader | null>;
export async function readerOf(rm: ReadModelStore, actor: Actor | null): Promise<Reader | null> {
  if (!actor) return null;
  const ids = await rm.findIds('organizations', 'member', actor.userId);
  if (ids.length === 0) return { ...actor, organizations: NO_ORGANIZATIONS };
  const orgs = await rm.getMany('organizations', ids);
  const accepted = orgs.filter((o) => o.members.some((m) => m.user_id === actor.userId && m.accepted)).map((o) => o.id);
  return { ...actor, organizations: new Set(accepted) };
}

/**
 * The project's people, as Modrinth's visibility checks count them: its team (invitees included) and the
 * accepted members of the organization that owns it.
 */
export const isMember = (p: ProjectDoc, a: Reader | null) =>
  !!a && (p.members.some((m) => m.user_id === a.userId) || (p.organization !== null && a.organizations.has(p.organization)));

/** Anyone sees approved, archived and unlisted projects; the team, the owning organization's members and staff see every status. */
export function canReadProject(p: ProjectDoc, a: Reader | null): boolean {
  return LINKABLE_STATUSES.includes(p.status) || isStaff(a) || isMember(p, a);
}

export function canReadVersion(v: VersionDoc, p: ProjectDoc, a: Reader | null): boolean {
  if (!canReadProject(p, a)) return false;
  return PUBLIC_VERSION_STATUSES.includes(v.status) || isStaff(a) || isMember(p, a);
}

/** Parses a JSON array of strings given as a query parameter (`ids=["a","b"]`). */
export function jsonStringArray(raw: unknown, name: string): string[] {
  if (typeof raw !== 'string') throw invalidInput(`${name} is required`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidInput(`Error while parsing ${name}: not valid JSON`);
  }
  if (!Array.isArray(parsed) || !parsed.every((x) => typeof x === 'string')) throw invalidInput(`${name} must be a JSON array of strings`);
  return parsed as string[];
}

/** Like jsonStringArray, but bad JSON or absence gives undefined (Modrinth ignores a bad version filter). */
export function optionalJsonArray(raw: unknown): string[] | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.map(String) : undefined;
  } catch {
    return undefined;
  }
}

export function parseBool(raw: unknown): boolean | undefined {
  if (raw === 'true' || raw === true) return true;
  if (raw === 'false' || raw === false) return false;
  return undefined;
}

export const projectNotFound = () => notFound('The requested project was not found or you do not have access to it');
export const versionNotFound = () => notFound('The requested version was not found or you do not have access to it');
export const userNotFound = () => notFound('User not found');

/** Looks a project up by id or case-insensitive slug. */
export async function findProject(rm: ReadModelStore, idOrSlug: string): Promise<ProjectDoc | null> {
  if (/^[0-9A-Za-z]{8}$/.test(idOrSlug)) {
    const p = await rm.get('projects', idOrSlug);
    if (p) return p;
  }
  const ids = await rm.findIds('projects', 'slug', idOrSlug.toLowerCase());
  return ids.length ? rm.get('projects', ids[0]) : null;
}

export async function findUser(rm: ReadModelStore, idOrName: string) {
  if (/^[0-9A-Za-z]{8}$/.test(idOrName)) {
    const u = await rm.get('users', idOrName);
    if (u) return u;
  }
  const ids = await rm.findIds('users', 'username', idOrName.toLowerCase());
  return ids.length ? rm.get('users', ids[0]) : null;
}

/** Of these users, those who hold the creator badge: an accepted member of at least one publicly listed project. */
export async function creatorsAmong(rm: QueryDeps['projections']['storage']['readModels'], userIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const id of new Set(userIds)) {
    const projects = await rm.getMany('projects', await rm.findIds('projects', 'member', id));
    if (projects.some((p) => isListed(p) && p.members.some((m) => m.user_id === id && m.accepted))) out.add(id);
  }
  return out;
}

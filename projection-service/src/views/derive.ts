import { LICENSES, LISTED_STATUSES } from '@modshelf/events';
import { environmentOf } from '@modshelf/contract';
import type { ProjectDoc, VersionSummary } from '../read-model/documents';

/** Version statuses shown in lists and aggregates to everyone. */
export const LISTED_VERSION_STATUSES = ['listed', 'archived'];
/** Version statuses reachable by id by anyone (when the project is). */
export const PUBLIC_VERSION_STATUSES = ['listed', 'archived', 'unlisted'];
/** Project statuses anyone may open by link: publicly listed, and unlisted (reachable by link, never listed). */
export const LINKABLE_STATUSES = ['approved', 'archived', 'unlisted'];

export function isListed(p: ProjectDoc): boolean {
  return (LISTED_STATUSES as readonly string[]).includes(p.status);
}

export function listedVersions(p: ProjectDoc): VersionSummary[] {
  return p.version_list.filter((v) => LISTED_VERSION_STATUSES.includes(v.status));
}

function union(lists: string[][]): string[] {
  return [...new Set(lists.flat())].sort();
}

export function projectLoaders(p: ProjectDoc): string[] {
  return union(listedVersions(p).map((v) => v.loaders));
}

export function projectGameVersions(p: ProjectDoc): string[] {
  return union(listedVersions(p).map((v) => v.game_versions));
}

/** The type used in page paths: a mod with the behaviour-pack loader is shown under behaviorpack. */
export function routeType(p: ProjectDoc): string {
  return p.project_type === 'mod' && p.version_list.some((v) => v.loaders.includes('behaviorpack')) ? 'behaviorpack' : p.project_type;
}

export function allProjectTypes(p: ProjectDoc): string[] {
  const r = routeType(p);
  return r === p.project_type ? [p.project_type] : [p.project_type, r];
}

/** Modrinth's v3 environment, from the v2 client/server sides (the table is contract's environmentOf). */
export function environment(client: string, server: string): string[] {
  return [environmentOf(client, server)];
}

export function isOpenSource(licenseId: string): boolean {
  return LICENSES.find((l) => l.short.toLowerCase() === licenseId.toLowerCase())?.open_source ?? false;
}

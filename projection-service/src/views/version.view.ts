import type { ListedVersion, Version } from '@modshelf/contract/v2';
import type { FileDoc, UserDoc, VersionDoc } from '../read-model/documents';
import { environment } from './derive';

export interface VersionViewOptions {
  includeChangelog?: boolean;
  project?: { client_side: string; server_side: string } | null;
}

/** Modrinth's v2 Version; `environment` (required by the v2 document) follows the project's client/server sides. */
export function versionView(v: VersionDoc, opts: VersionViewOptions = {}): Version {
  return {
    id: v.id,
    project_id: v.project_id,
    author_id: v.author_id,
    name: v.name,
    version_number: v.version_number,
    changelog: opts.includeChangelog === false ? null : v.changelog,
    changelog_url: null,
    environment: opts.project ? environment(opts.project.client_side, opts.project.server_side)[0] : 'unknown',
    dependencies: v.dependencies,
    game_versions: v.game_versions,
    version_type: v.version_type,
    loaders: v.loaders,
    featured: v.featured,
    status: v.status,
    requested_status: v.requested_status,
    date_published: v.date_published,
    downloads: v.downloads,
    files: v.files,
  };
}

/** A version of a project's version list: the Version with the fields derived against its siblings (none when not derived). */
export function listedVersionView(v: VersionDoc, derived: VersionDerived | undefined, opts: VersionViewOptions = {}): ListedVersion | Version {
  if (!derived) return versionView(v, opts);
  const listed: ListedVersion = { ...versionView(v, opts), ...derived };
  return listed;
}

/** The primary file: the flagged one, else the first, else a placeholder named 'unknown' of size 0. */
export function primaryFile(v: VersionDoc): FileDoc {
  return (
    v.files.find((f) => f.primary) ?? v.files[0] ?? { hashes: { sha1: '', sha512: '' }, url: '', filename: 'unknown', primary: false, size: 0, file_type: null }
  );
}

/** The fields a project's version list adds to a version (the contract's ListedVersion). */
export type VersionDerived = Pick<ListedVersion, 'author' | 'primary_file' | 'display_url_ending' | 'duplicate_changelog'>;

/**
 * Derived fields of a project's version list (spec §3), for versions sorted newest
 * first: the URL ending is the version number, or the id when a newer version
 * already used that number; the duplicate flag marks a changelog equal to the
 * next older version's.
 */
export function deriveVersionList(sortedNewestFirst: VersionDoc[], users: Map<string, UserDoc>): Map<string, VersionDerived> {
  const out = new Map<string, VersionDerived>();
  const used = new Set<string>();
  sortedNewestFirst.forEach((v, i) => {
    const older = sortedNewestFirst[i + 1];
    const u = users.get(v.author_id);
    out.set(v.id, {
      author: u ? { id: u.id, username: u.username, avatar_url: u.avatar_url } : null,
      primary_file: primaryFile(v),
      display_url_ending: used.has(v.version_number) ? v.id : v.version_number,
      duplicate_changelog: !!older && older.changelog === v.changelog,
    });
    used.add(v.version_number);
  });
  return out;
}

export function sortNewestFirst(versions: VersionDoc[]): VersionDoc[] {
  return [...versions].sort((a, b) => Date.parse(b.date_published) - Date.parse(a.date_published) || (a.id < b.id ? 1 : -1));
}

import type { TeamMember, User, Version, VersionFile } from './types';

export interface DerivedVersion extends Version {
  author: User | null;
  primaryFile: VersionFile;
  /** The URL ending of the version page: its number, or its id if that number was already used. */
  displayUrlEnding: string;
  /** True when the changelog equals the next older version's. */
  duplicate: boolean;
}

export const PLACEHOLDER_FILE: Readonly<VersionFile> = Object.freeze({
  hashes: { sha1: '', sha512: '' },
  url: '',
  filename: 'unknown',
  primary: false,
  size: 0,
  file_type: null,
});

export function primaryFile(v: Pick<Version, 'files'>): VersionFile {
  return v.files.find((f) => f.primary) ?? v.files[0] ?? { ...PLACEHOLDER_FILE, hashes: { ...PLACEHOLDER_FILE.hashes } };
}

/** Derives the reading-time fields of a version list; the list is returned newest first. */
export function deriveVersions(versions: readonly Version[], members: readonly TeamMember[] = []): DerivedVersion[] {
  const sorted = [...versions].sort((a, b) => Date.parse(b.date_published) - Date.parse(a.date_published));
  const byUser = new Map(members.map((m) => [m.user.id, m.user]));
  // URL endings are assigned oldest first, so the first version to use a number keeps it.
  const used = new Set<string>();
  const ending = new Map<string, string>();
  for (const v of [...sorted].reverse()) {
    if (used.has(v.version_number)) ending.set(v.id, v.id);
    else {
      used.add(v.version_number);
      ending.set(v.id, v.version_number);
    }
  }
  return sorted.map((v, i) => {
    const older = sorted[i + 1];
    return {
      ...v,
      author: byUser.get(v.author_id) ?? null,
      primaryFile: primaryFile(v),
      displayUrlEnding: ending.get(v.id)!,
      duplicate: older !== undefined && (older.changelog ?? '') === (v.changelog ?? ''),
    };
  });
}

/** Finds a version by its URL ending (version number, or id). */
export function findVersion<T extends Version & { displayUrlEnding?: string }>(list: readonly T[], ending: string): T | undefined {
  return list.find((v) => v.displayUrlEnding === ending) ?? list.find((v) => v.id === ending) ?? list.find((v) => v.version_number === ending);
}

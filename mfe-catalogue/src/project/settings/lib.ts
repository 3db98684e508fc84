/**
 * The project's author tabs: write calls (through the kit's write client, which answers the log
 * position each reached) and the pure rules the forms use. Nothing here imports React.
 */
import { PROJECT_PERMISSIONS } from '@modshelf/contract/scopes';
import { PROJECT_STATUS_TRANSITIONS, type ProjectStatus } from '@modshelf/contract/project-status';
import { command, teamAccess, type Project, type TeamMember, type User } from '@modshelf/web-kit';

/** A project team permission: the contract's bits (Modrinth's models/v3/teams.rs). */
export type Permission = keyof typeof PROJECT_PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PROJECT_PERMISSIONS) as Permission[];

/** What the signed-in user may do on this project: web-kit's one team check with the contract's bits. */
export function accessOf(user: Pick<User, 'id' | 'role'> | null | undefined, members: readonly TeamMember[]) {
  return teamAccess(user, members, 'project');
}

export function has(permissions: number, p: Permission): boolean {
  return (permissions & PROJECT_PERMISSIONS[p]) !== 0;
}

/** Sets or clears one permission bit (project or organization). */
export function toggleBit(bits: number, bit: number, on: boolean): number {
  return on ? bits | bit : bits & ~bit;
}

export function togglePermission(permissions: number, p: Permission, on: boolean): number {
  return toggleBit(permissions, PROJECT_PERMISSIONS[p], on);
}

/** Statuses the team may move a project to: the team column of the contract's transition table. */
export function teamTransitions(status: string): readonly ProjectStatus[] {
  return Object.hasOwn(PROJECT_STATUS_TRANSITIONS, status) ? PROJECT_STATUS_TRANSITIONS[status as ProjectStatus].team : [];
}

/** Whether 'Submit for review' applies: a draft (or rejected/withheld) project with at least one version. */
export function canSubmitForReview(p: Pick<Project, 'status' | 'versions'>): { ok: boolean; reason: 'status' | 'versions' | null } {
  if (!teamTransitions(p.status).includes('processing')) return { ok: false, reason: 'status' };
  if (!p.versions || p.versions.length === 0) return { ok: false, reason: 'versions' };
  return { ok: true, reason: null };
}

/** `version/{version}-new`: the suggested version number carried in the path ('' for `version/new`). */
export function parseNewVersionParam(param: string): string | null {
  if (param === 'new' || param === '-new') return '';
  if (param.endsWith('-new')) return decodeURIComponent(param.slice(0, -4));
  return null;
}

/** The next version number after the newest one: the last number in it goes up by one. */
export function nextVersionNumber(latest: string | null | undefined): string {
  if (!latest) return '1.0.0';
  const m = /^(.*?)(\d+)(\D*)$/.exec(latest);
  if (!m) return `${latest}.1`;
  return `${m[1]}${Number(m[2]) + 1}${m[3]}`;
}

/** Guesses the version number from a file name, e.g. "mymod-1.2.3.zip" -> "1.2.3". */
export function versionFromFilename(filename: string): string | null {
  const m = /(\d+(?:\.\d+)+(?:[-+][\w.]+)?)(?=\.[a-z0-9]+$|$)/i.exec(filename.replace(/\.(zip|jar|mcpack|mcaddon|apk|js|json|tar\.gz)$/i, ''));
  return m ? m[1] : null;
}

/** Markdown image/link-free check of a URL field ('' clears it). */
export function validUrl(s: string): boolean {
  if (!s) return true;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Only the fields that changed, for PATCH bodies (arrays compared by value). */
export function changedFields<T extends object>(before: Partial<T>, after: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(after) as (keyof T)[]) {
    const a = after[k];
    const b = before[k];
    const same = Array.isArray(a) && Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : (a ?? null) === (b ?? null);
    if (!same) out[k] = a;
  }
  return out;
}

const enc = encodeURIComponent;

export interface VersionDraft {
  name: string;
  version_number: string;
  changelog: string;
  version_type: 'release' | 'beta' | 'alpha';
  loaders: string[];
  game_versions: string[];
  dependencies: { project_id?: string | null; version_id?: string | null; dependency_type: 'required' | 'optional' | 'incompatible' | 'embedded' }[];
  featured: boolean;
}

/** The multipart body of POST /v2/version: `data` first, then one part per file (the first is primary). */
export function versionFormData(projectId: string, draft: VersionDraft, files: readonly File[], primaryIndex = 0): FormData {
  const parts = files.map((_, i) => `file-${i}`);
  const fd = new FormData();
  fd.append(
    'data',
    JSON.stringify({
      ...draft,
      name: draft.name.trim() || draft.version_number,
      changelog: draft.changelog || null,
      project_id: projectId,
      file_parts: parts,
      primary_file: parts[primaryIndex] ?? parts[0],
    }),
  );
  files.forEach((f, i) => fd.append(parts[i], f, f.name));
  return fd;
}

export const projectCommands = {
  edit: (id: string, changes: Record<string, unknown>) => command(`/project/${enc(id)}`, 'PATCH', changes),
  remove: (id: string) => command(`/project/${enc(id)}`, 'DELETE'),
  icon: (id: string, file: File) => {
    const ext = (file.name.split('.').pop() ?? 'png').toLowerCase();
    return command(`/project/${enc(id)}/icon`, 'PATCH', undefined, { raw: file, contentType: file.type || 'image/png', query: { ext } });
  },
  removeIcon: (id: string) => command(`/project/${enc(id)}/icon`, 'DELETE'),
  addGallery: (id: string, file: File, meta: { featured: boolean; title?: string; description?: string }) => {
    const ext = (file.name.split('.').pop() ?? 'png').toLowerCase();
    return command(`/project/${enc(id)}/gallery`, 'POST', undefined, {
      raw: file,
      contentType: file.type || 'image/png',
      query: { ext, featured: meta.featured, title: meta.title || undefined, description: meta.description || undefined },
    });
  },
  editGallery: (id: string, url: string, meta: { featured?: boolean; title?: string; description?: string }) =>
    command(`/project/${enc(id)}/gallery`, 'PATCH', undefined, { query: { url, ...meta } }),
  removeGallery: (id: string, url: string) => command(`/project/${enc(id)}/gallery`, 'DELETE', undefined, { query: { url } }),
  invite: (team: string, userId: string, role: string, permissions: number) =>
    command(`/team/${enc(team)}/members`, 'POST', { user_id: userId, role, permissions }),
  editMember: (team: string, userId: string, changes: { role?: string; permissions?: number }) =>
    command(`/team/${enc(team)}/members/${enc(userId)}`, 'PATCH', changes),
  removeMember: (team: string, userId: string) => command(`/team/${enc(team)}/members/${enc(userId)}`, 'DELETE'),
  transferOwnership: (team: string, userId: string) => command(`/team/${enc(team)}/owner`, 'PATCH', { user_id: userId }),
  createVersion: (projectId: string, draft: VersionDraft, files: readonly File[], primaryIndex = 0) =>
    command<{ id: string; version_number: string }>('/version', 'POST', undefined, { raw: versionFormData(projectId, draft, files, primaryIndex) }),
  editVersion: (id: string, changes: Record<string, unknown>) => command(`/version/${enc(id)}`, 'PATCH', changes),
  deleteVersion: (id: string) => command(`/version/${enc(id)}`, 'DELETE'),
  addVersionFiles: (id: string, files: readonly File[]) => {
    const fd = new FormData();
    fd.append('data', '{}');
    files.forEach((f, i) => fd.append(`file-${i}`, f, f.name));
    return command(`/version/${enc(id)}/file`, 'POST', undefined, { raw: fd });
  },
  schedule: (kind: 'project' | 'version', id: string, time: string, requested_status: string) =>
    command(`/${kind}/${enc(id)}/schedule`, 'POST', { time, requested_status }),
  cancelSchedule: (kind: 'project' | 'version', id: string) => command(`/${kind}/${enc(id)}/schedule`, 'DELETE'),
  deleteFile: (sha1: string, versionId: string) => command(`/version_file/${enc(sha1)}`, 'DELETE', undefined, { query: { version_id: versionId } }),
};

/** An ISO time as a datetime-local input's value (the browser's local time, to the second). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

import { BEHAVIORPACK_LOADER, type ProjectType } from './constants';

export interface ProjectPathInput {
  id?: string;
  project_id?: string;
  slug?: string | null;
  project_type: string;
  loaders?: readonly string[];
  /** search hits carry loaders inside categories */
  categories?: readonly string[];
  display_categories?: readonly string[];
}

/** The path segment a project is shown under: a mod with the behaviour-pack loader is a behaviorpack. */
export function projectTypeSegment(p: ProjectPathInput): ProjectType | string {
  const loaders = [...(p.loaders ?? []), ...(p.categories ?? []), ...(p.display_categories ?? [])];
  if (p.project_type === 'mod' && loaders.includes(BEHAVIORPACK_LOADER)) return 'behaviorpack';
  return p.project_type;
}

/** /{projectType}/{slug or id} */
export function projectPath(p: ProjectPathInput): string {
  const key = p.slug && p.slug.length > 0 ? p.slug : (p.id ?? p.project_id ?? '');
  return `/${projectTypeSegment(p)}/${encodeURIComponent(key)}`;
}

export function versionPath(p: ProjectPathInput, versionUrlEnding: string): string {
  return `${projectPath(p)}/version/${encodeURIComponent(versionUrlEnding)}`;
}

export function userPath(u: { username?: string; id: string }): string {
  return `/user/${encodeURIComponent(u.username || u.id)}`;
}

export function organizationPath(o: { slug?: string; id: string }): string {
  return `/organization/${encodeURIComponent(o.slug || o.id)}`;
}

export function collectionPath(c: { id: string }): string {
  return `/collection/${encodeURIComponent(c.id)}`;
}

/** The sign-in page with a return path. */
export function signInPath(returnTo: string): string {
  return `/auth/sign-in?redirect=${encodeURIComponent(returnTo)}`;
}

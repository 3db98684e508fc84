/** Which part of the site (a micro-frontend) renders a path, and the runtime remotes manifest. */
import { KNOWN_AREAS, routeMatches } from '@modshelf/web-kit/page-routes';

export interface RemoteManifestEntry {
  name: string;
  /** URL of the remote entry script */
  entry: string;
  version: string;
  /** exposed module holding the remote root component, e.g. './routes' */
  expose: string;
  /** path prefixes it renders ('/' is the home page only) */
  routes: string[];
}

export interface RemotesManifest {
  buildId: string;
  remotes: RemoteManifestEntry[];
  /** the site's configuration for the front end (absent when a static host serves the manifest) */
  site?: { community_url: string; staging: boolean };
}

// the route table the server shares (an unknown path answers 404 there)
export { KNOWN_AREAS, routeMatches, type Area } from '@modshelf/web-kit/page-routes';

/** The area owning a path: the longest matching route wins; manifest routes extend the known ones. */
export function areaForPath(path: string, manifest: Pick<RemotesManifest, 'remotes'> | null): string | null {
  const areas = new Map<string, Set<string>>();
  for (const a of KNOWN_AREAS) areas.set(a.name, new Set(a.routes));
  for (const r of manifest?.remotes ?? []) {
    const set = areas.get(r.name) ?? new Set<string>();
    for (const route of r.routes ?? []) set.add(route);
    areas.set(r.name, set);
  }
  let best: { name: string; len: number } | null = null;
  for (const [name, routes] of areas) {
    for (const route of routes) {
      if (routeMatches(route, path) && (!best || route.length > best.len)) best = { name, len: route.length };
    }
  }
  return best?.name ?? null;
}

export function parseManifest(value: unknown): RemotesManifest {
  const v = (value ?? {}) as Partial<RemotesManifest>;
  const remotes = Array.isArray(v.remotes) ? v.remotes : [];
  const site = v.site && typeof v.site === 'object' ? v.site : null;
  const communityUrl = site && typeof site.community_url === 'string' && /^https?:\/\//.test(site.community_url) ? site.community_url : null;
  return {
    ...(site ? { site: { community_url: communityUrl ?? '', staging: site.staging === true } } : {}),
    buildId: typeof v.buildId === 'string' ? v.buildId : '',
    remotes: remotes
      .filter((r): r is RemoteManifestEntry => !!r && typeof r.name === 'string' && /^[a-z][a-z0-9_]*$/.test(r.name) && typeof r.entry === 'string')
      .map((r) => ({ ...r, expose: r.expose || './routes', routes: Array.isArray(r.routes) ? r.routes : [], version: r.version ?? '' })),
  };
}

export const MANIFEST_URL = '/remotes.json';
export const LATEST_BUILD_URL = '/builds/latest.json';

export type RouteRules = Record<string, { redirect?: string }>;

/** The redirect a route rule gives a path (trailing slash ignored), or null. */
export function matchRouteRule(rules: RouteRules, path: string): string | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const target = rules[trimmed]?.redirect;
  return typeof target === 'string' && target.length > 0 ? target : null;
}

export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
}

export const buildMetaUrl = (buildId: string) => `/builds/meta/${encodeURIComponent(buildId)}.json`;

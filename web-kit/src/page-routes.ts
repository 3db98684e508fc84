/**
 * The site's page routes: one table for the shell (which part renders a path) and the server (which
 * paths are pages; any other path answers 404 with the shell's "Page Not Found" page). Plain data,
 * no React, so the server imports it too (`@modshelf/web-kit/page-routes`).
 */

export interface Area {
  name: string;
  routes: readonly string[];
}

/**
 * The parts of the site the shell knows even before they are deployed, so their routes show the
 * error screen for a missing part rather than a 404. Each part's package.json declares the same
 * routes ("modshelf".routes, written into its remote.json; a test keeps them equal). A runtime
 * manifest entry may add routes to a part or declare a new part.
 */
export const KNOWN_AREAS: readonly Area[] = [
  {
    name: 'catalogue',
    routes: ['/', '/mods', '/modpacks', '/servers', '/mod', '/modpack', '/server', '/behaviorpack', '/project', '/user', '/organization', '/collection'],
  },
  { name: 'dashboard', routes: ['/dashboard'] },
  { name: 'settings', routes: ['/settings', '/auth'] },
  { name: 'moderation', routes: ['/moderation', '/admin'] },
];

/** The shell's own pages (each with its subpaths, e.g. /legal/rules). */
export const SHELL_PAGES = ['/legal', '/report', '/flags', '/amogus'] as const;
export type ShellPage = (typeof SHELL_PAGES)[number];

/** A route owns the path itself and everything under it; '/' is the home page only. */
export function routeMatches(route: string, path: string): boolean {
  if (route === '/') return path === '/' || path === '';
  const r = route.endsWith('/') ? route.slice(0, -1) : route;
  return path === r || path.startsWith(`${r}/`);
}

/** Whether a path is a page of the site: a shell page, a known part's route, or one of `extraRoutes` (a manifest's). */
export function isPagePath(path: string, extraRoutes: Iterable<string> = []): boolean {
  const routes = [...SHELL_PAGES, ...KNOWN_AREAS.flatMap((a) => a.routes), ...extraRoutes];
  return routes.some((r) => routeMatches(r, path));
}

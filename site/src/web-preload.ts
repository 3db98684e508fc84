/**
 * What a page's HTML carries so the browser needs no request chain before its first render:
 * - `<link rel=preload as=script>` for every script the page runs before it renders: the shell's
 *   (shell/dist/preload.json), and the entry, exposed module and page chunks of the part that renders the
 *   path (mfe-X/dist/preload.json, written by web-kit/build/build.mjs from the chunk graph), with both
 *   message bundles of a page in another language than the default;
 * - the API answers of the page's first render, inlined as JSON keyed by their API path: a project page's
 *   project, versions, members and the game version tags; the home page's two lists; a search page's first
 *   results (without a query string) and its facets' tags (category, loader, game version, license).
 *   web-kit's API client answers those reads from it once, instead of fetching them;
 * - a project page's description rendered to sanitized HTML (web-markdown.ts), so its first render needs no
 *   markdown parser;
 * - `<link rel=preload as=image>` for the icons of a search page's first results (its largest paint).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { resolveLocale } from '@modshelf/web-kit/locale';
import { routeMatches } from '@modshelf/web-kit/page-routes';
import { PRELOADED_DATA_ID, renderedBodyKey, type RenderedBody } from '@modshelf/web-kit/preloaded';
import { renderMarkdownOnServer } from './web-markdown';

/** The manifest fields the hints need (web.ts's RemotesManifest). */
interface RemoteEntries {
  remotes: { folder: string; entry: string; routes?: string[] }[];
}

interface PreloadFile {
  scripts?: string[];
  pages?: { path: string; scripts: string[] }[];
  /** per language, the package's own message bundle (loaded before the page's text renders, except in the default language) */
  messages?: Record<string, string[]>;
}

/** The message bundle files a package loads for a language (none for the default language, whose texts are built in). */
function messageScripts(file: PreloadFile, locale: string | undefined): string[] {
  return !locale || locale === resolveLocale(null, null) ? [] : (file.messages?.[locale] ?? []);
}

function readPreload(file: string): PreloadFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PreloadFile;
  } catch {
    return {};
  }
}

/** Whether a page pattern of modshelf.pages (`:param` one segment, a final `*` any rest) matches a path. */
export function pagePatternMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  const rest = want[want.length - 1] === '*';
  if (rest) want.pop();
  if (got.length < want.length || (!rest && got.length !== want.length)) return false;
  return want.every((w, i) => w.startsWith(':') || w === got[i]);
}

/** The script URLs a page in a language runs before its first render, in the order to fetch them. */
export function preloadScripts(rootDir: string, path: string, manifest: RemoteEntries, locale?: string): string[] {
  const shellFile = readPreload(join(rootDir, 'shell', 'dist', 'preload.json'));
  const shell = [...(shellFile.scripts ?? []), ...messageScripts(shellFile, locale)].map((f) => `/${f}`);
  // the part that renders the path: its longest matching route wins (as the shell's areaForPath)
  let owner: RemoteEntries['remotes'][number] | null = null;
  let len = -1;
  for (const r of manifest.remotes) {
    for (const route of r.routes ?? []) if (routeMatches(route, path) && route.length > len) [owner, len] = [r, route.length];
  }
  if (!owner) return shell;
  const part = readPreload(join(rootDir, `mfe-${owner.folder}`, 'dist', 'preload.json'));
  const page = (part.pages ?? []).find((p) => pagePatternMatches(p.path, path));
  const files = [...(part.scripts ?? []), ...(page?.scripts ?? []), ...messageScripts(part, locale)].map((f) => `/remotes/${owner.folder}/${f}`);
  return [...shell, owner.entry, ...files];
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<link rel=preload as=script>` tags for the scripts, before `</head>`. */
export function withPreloadLinks(html: string, scripts: string[]): string {
  const links = scripts.map((s) => `<link rel="preload" as="script" href="${escapeAttr(s)}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** The API answers a page's first render reads, in a JSON script element the client reads (no `<` inside, so no `</script>`). */
export function withPreloadedData(html: string, data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return html;
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return html.replace('</head>', `<script type="application/json" id="${PRELOADED_DATA_ID}">${json}</script></head>`);
}

const SEARCH_PAGES: Record<string, string> = { '/mods': 'mod', '/modpacks': 'modpack', '/servers': 'server' };
const GAME_VERSIONS_TAG = '/v2/tag/game_version';

/** How many of a search page's first results show above the fold of a desktop window (1280 x 800): their icons are preloaded. */
export const ICONS_ABOVE_FOLD = 6;

/**
 * The icons of a search page's first results, from its inlined search answer: the largest paint of the page
 * is one of them once the results render, so the browser fetches them with the scripts instead of after.
 */
export function firstIcons(path: string, query: string, data: Record<string, unknown>): string[] {
  const search = SEARCH_PAGES[path] ? firstReads(path, query)[0] : undefined;
  const answer = search ? (data[search] as { hits?: { icon_url?: unknown }[] } | undefined) : undefined;
  return (answer?.hits ?? [])
    .slice(0, ICONS_ABOVE_FOLD)
    .map((h) => h.icon_url)
    .filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u));
}

/** `<link rel=preload as=image>` tags for the images, before `</head>`. */
export function withImagePreloads(html: string, images: string[]): string {
  const links = images.map((s) => `<link rel="preload" as="image" href="${escapeAttr(s)}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** The reads the home page and a search page (with no query string: its defaults) start with, as their API URLs. */
export function firstReads(path: string, query: string): string[] {
  if (query) return [];
  if (path === '/') return ['/v2/search?index=downloads&limit=6', '/v2/search?index=newest&limit=6'];
  const type = SEARCH_PAGES[path];
  if (!type) return [];
  // the search page's own request (mfe-catalogue search-state.ts: its default facets, sort, page and size)
  const search = new URLSearchParams({ facets: JSON.stringify([[`project_type:${type}`]]), index: 'relevance', offset: '0', limit: '20' });
  // and its facets' tags (mfe-catalogue Facets.tsx)
  return [`/v2/search?${search}`, '/v2/tag/category', '/v2/tag/loader', GAME_VERSIONS_TAG, '/v2/tag/license'];
}

/** The API answers of `firstReads`, keyed by URL (a read that fails is left to the page). */
export async function firstReadsData(app: FastifyInstance, path: string, query: string, headers: Credentials): Promise<Record<string, unknown>> {
  const urls = firstReads(path, query);
  const answers = await Promise.all(urls.map((u) => getJson(app, u, headers).catch(() => undefined)));
  return Object.fromEntries(urls.flatMap((u, i) => (answers[i] === undefined ? [] : [[u, answers[i]]])));
}

/** A project page's path (its second group is the project's slug or id). */
export const PROJECT_PAGE = /^\/(mod|modpack|server|behaviorpack|project)\/([^/?#]+)/;

/** The credentials of the page request, so the inlined answers are the ones this visitor's own reads would get. */
type Credentials = { cookie?: string; authorization?: string };

async function getJson(app: FastifyInstance, url: string, headers: Credentials): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url, headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => typeof v === 'string')) });
  return res.statusCode === 200 ? (res.json() as unknown) : undefined;
}

/**
 * For a project page: its title and description (the page's meta tags) and the API answers of its first
 * render, keyed by the path web-kit's client asks for them (`/v2/project/{slug}`, then by the project's id).
 */
export async function projectPageData(
  app: FastifyInstance,
  path: string,
  headers: Credentials,
): Promise<{ meta: { title: string; description: string }; data: Record<string, unknown> } | null> {
  const m = PROJECT_PAGE.exec(path);
  if (!m) return null;
  try {
    const slugPath = `/v2/project/${encodeURIComponent(m[2]!)}`;
    const p = (await getJson(app, slugPath, headers)) as { id?: string; title?: string; description?: string; body?: string } | undefined;
    if (!p || typeof p.title !== 'string') return null;
    const data: Record<string, unknown> = { [slugPath]: p };
    // its versions and members, and the game versions its sidebar names (mfe-catalogue AboutSidebar.tsx)
    const idPath = typeof p.id === 'string' ? `/v2/project/${encodeURIComponent(p.id)}` : null;
    const urls = [...(idPath ? [`${idPath}/version`, `${idPath}/members`] : []), GAME_VERSIONS_TAG];
    const answers = await Promise.all(urls.map((u) => getJson(app, u, headers)));
    urls.forEach((u, i) => {
      if (answers[i] !== undefined) data[u] = answers[i];
    });
    // its description rendered as the browser would, so the page shows it without loading the markdown renderer
    if (typeof p.id === 'string' && typeof p.body === 'string') {
      const html = renderMarkdownOnServer(p.body);
      if (html !== null) data[renderedBodyKey(p.id)] = { source: p.body, html } satisfies RenderedBody;
    }
    return { meta: { title: p.title, description: p.description ?? '' }, data };
  } catch {
    return null;
  }
}

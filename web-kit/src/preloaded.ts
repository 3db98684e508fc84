/**
 * API answers the server inlined into the page (site/src/web-preload.ts), keyed by API path: the first
 * render of a project page reads them instead of fetching. Each answer is handed out once, so a later
 * read (a reload, a refresh after a write) asks the API.
 */
export const PRELOADED_DATA_ID = 'ms-preloaded';

let preloaded: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (preloaded) return preloaded;
  preloaded = new Map();
  try {
    const el = typeof document === 'undefined' ? null : document.getElementById(PRELOADED_DATA_ID);
    const data = el?.textContent ? (JSON.parse(el.textContent) as unknown) : null;
    if (data && typeof data === 'object') for (const [k, v] of Object.entries(data)) preloaded.set(k, v);
  } catch {
    /* unreadable: every read goes to the API */
  }
  return preloaded;
}

/** The inlined answer for an API URL (`/v2/...` with its query), once; undefined when there is none. */
export function takePreloaded(url: string): unknown {
  const map = load();
  if (!map.has(url)) return undefined;
  const value = map.get(url);
  map.delete(url);
  return value;
}

/** Forgets what was inlined (tests; a page that starts over). */
export function resetPreloaded(entries?: Record<string, unknown>): void {
  preloaded = entries ? new Map(Object.entries(entries)) : null;
}

/** A project description the server rendered into the page: its markdown source and the sanitized HTML (web-kit markdown.ts). */
export interface RenderedBody {
  source: string;
  html: string;
}

/** The key of a project's rendered description among the page's inlined answers. */
export const renderedBodyKey = (projectId: string) => `rendered-body:${projectId}`;

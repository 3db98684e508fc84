/**
 * A project's description rendered on the server with the browser's rules (web-kit markdown.ts: marked, then
 * DOMPurify), DOMPurify running over a jsdom window. jsdom loads in the background from the first page request
 * (warmMarkdownRenderer), never at start-up and never holding a page: until it is there, a page carries no
 * rendered description and the browser renders it, as it does for a project opened inside the app.
 */
import type { DOMPurify } from 'dompurify';
import { sanitizedMarkdown } from '@modshelf/web-kit/markdown';

let purifier: DOMPurify | null = null;
let loading: Promise<void> | null = null;

async function loadPurifier(): Promise<DOMPurify> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  return createDOMPurify(new JSDOM('').window);
}

/** Loads the renderer once (again after a failure); resolves when it is ready. */
export function warmMarkdownRenderer(): Promise<void> {
  loading ??= loadPurifier().then(
    (p) => {
      purifier = p;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Sanitized HTML of a markdown source, as the browser's renderer would make it; null while the renderer loads. */
export function renderMarkdownOnServer(source: string): string | null {
  if (!purifier) {
    warmMarkdownRenderer().catch(() => undefined);
    return null;
  }
  return sanitizedMarkdown(source, purifier);
}

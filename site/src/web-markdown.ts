/**
 * A project's description rendered on the server with the browser's rules (web-kit markdown.ts: marked, then
 * DOMPurify), DOMPurify running over a jsdom window. jsdom loads on the first page that needs it, not at start-up.
 */
import type { DOMPurify } from 'dompurify';
import { sanitizedMarkdown } from '@modshelf/web-kit/markdown';

let purifier: Promise<DOMPurify> | null = null;

async function loadPurifier(): Promise<DOMPurify> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  return createDOMPurify(new JSDOM('').window);
}

/** Sanitized HTML of a markdown source, as the browser's renderer would make it. */
export async function renderMarkdownOnServer(source: string): Promise<string> {
  purifier ??= loadPurifier();
  try {
    return sanitizedMarkdown(source, await purifier);
  } catch (err) {
    purifier = null;
    throw err;
  }
}

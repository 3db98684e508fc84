import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { marked } from 'marked';
import { withExternalLinksNewTab } from './external-links';

const hooked = new WeakSet<Purifier>();
function hook(purify: Purifier) {
  if (hooked.has(purify)) return;
  hooked.add(purify);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href) && node.getAttribute('data-newtab') !== 'false') {
        node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
      }
    }
  });
}

/**
 * Markdown to sanitized HTML with a given DOMPurify (the browser's, or one over a server-side window: the
 * site renders a project's description into its page with the same rules).
 */
export function sanitizedMarkdown(source: string, purify: Purifier): string {
  hook(purify);
  const html = marked.parse(source ?? '', { async: false, gfm: true, breaks: false }) as string;
  return purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}

/** Renders markdown to sanitized HTML (scripts, handlers and unsafe URLs removed). */
export function renderMarkdown(source: string, opts: { externalLinksNewTab?: boolean } = {}): string {
  return withExternalLinksNewTab(sanitizedMarkdown(source, DOMPurify), opts.externalLinksNewTab);
}

/** Inline text formatting only (bold, italic, code, strike-through): for one-line texts such as notification titles, which may sit inside a link. */
const INLINE_TAGS = ['strong', 'em', 'code', 'del', 'b', 'i', 's'];

/** Renders one line of markdown to sanitized inline HTML: no blocks, links, images or raw HTML beyond text formatting. */
export function renderInlineMarkdown(source: string): string {
  hook(DOMPurify);
  const html = marked.parseInline(source ?? '', { async: false, gfm: true }) as string;
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: INLINE_TAGS, ALLOWED_ATTR: [] });
}

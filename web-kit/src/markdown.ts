import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;
function hook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href) && node.getAttribute('data-newtab') !== 'false') {
        node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
      }
    }
  });
}

/** Renders markdown to sanitized HTML (scripts, handlers and unsafe URLs removed). */
export function renderMarkdown(source: string, opts: { externalLinksNewTab?: boolean } = {}): string {
  hook();
  const html = marked.parse(source ?? '', { async: false, gfm: true, breaks: false }) as string;
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
  if (!opts.externalLinksNewTab) return clean;
  return clean.replace(/<a href="(https?:\/\/[^"]*)"/g, '<a target="_blank" href="$1"');
}

/** Inline text formatting only (bold, italic, code, strike-through): for one-line texts such as notification titles, which may sit inside a link. */
const INLINE_TAGS = ['strong', 'em', 'code', 'del', 'b', 'i', 's'];

/** Renders one line of markdown to sanitized inline HTML: no blocks, links, images or raw HTML beyond text formatting. */
export function renderInlineMarkdown(source: string): string {
  hook();
  const html = marked.parseInline(source ?? '', { async: false, gfm: true }) as string;
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: INLINE_TAGS, ALLOWED_ATTR: [] });
}

import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

/** Renders user markdown to sanitized HTML (scripts, handlers and unsafe URLs removed). */
export function renderMarkdown(source: string, opts: { externalLinksNewTab?: boolean } = {}): string {
  if (!hooked) {
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
  const html = marked.parse(source ?? '', { async: false, gfm: true, breaks: false }) as string;
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
  if (!opts.externalLinksNewTab) return clean;
  return clean.replace(/<a href="(https?:\/\/[^"]*)"/g, '<a target="_blank" href="$1"');
}

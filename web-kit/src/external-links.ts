/** The visitor's "open external links in a new tab" preference over sanitized markdown HTML (web-kit markdown.ts's output). */
export function withExternalLinksNewTab(html: string, on: boolean | undefined): string {
  return on ? html.replace(/<a href="(https?:\/\/[^"]*)"/g, '<a target="_blank" href="$1"') : html;
}

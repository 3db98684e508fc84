/** Project markdown (descriptions, changelogs): the web kit's sanitized renderer, shared with the dashboard. */
export { renderMarkdown } from '@modshelf/web-kit/markdown';

/** Project markdown is rendered by the web kit's sanitizing renderer (shared with threads and comments). */
export { renderMarkdown } from '@modshelf/web-kit';

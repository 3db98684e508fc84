/** Project markdown is rendered by the web kit's sanitizing renderer (the one threads and comments use), bundled with the pages that show it. */
export { renderMarkdown } from '@modshelf/web-kit/markdown';

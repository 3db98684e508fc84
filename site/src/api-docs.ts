/**
 * The API reference page: GET /docs/api shows the site's own OpenAPI document (/v2/openapi.json) with
 * Swagger UI, served from the swagger-ui-dist package in node_modules (no CDN: the page works offline).
 * Swagger UI renders each operation with example values built from the document's zod-generated schemas.
 */
import { createReadStream, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const API_DOCS_PATH = '/docs/api';
export const API_SPEC_URL = '/v2/openapi.json';

/** The viewer's files this page uses, with their content types (nothing else of the package is served). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'init.js': 'text/javascript; charset=utf-8',
};

/** Starts the viewer on the element that names the document (a file of its own, not an inline script). */
const INIT_JS = `window.addEventListener('load', function () {
  var root = document.getElementById('api-reference');
  window.ui = SwaggerUIBundle({ url: root.dataset.specUrl, dom_id: '#api-reference', deepLinking: true, docExpansion: 'none', filter: true, defaultModelsExpandDepth: 0 });
});
`;

export function apiDocsHtml(specUrl = API_SPEC_URL): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API reference - Modshelf</title>
  <meta name="description" content="The Modshelf /v2 REST API (Modrinth v2 compatible), from its OpenAPI document.">
  <link rel="icon" href="${API_DOCS_PATH}/favicon-32x32.png">
  <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
</head>
<body>
  <main>
    <div id="api-reference" data-spec-url="${specUrl}"></div>
    <noscript>The API reference needs JavaScript. The document itself is at <a href="${specUrl}">${specUrl}</a>.</noscript>
  </main>
  <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;
}

/** The folder of the installed swagger-ui-dist package (resolved at run time, also from the compiled server). */
function viewerDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export function registerApiDocs(app: FastifyInstance): void {
  const dir = viewerDir();
  const html = apiDocsHtml();
  app.get(API_DOCS_PATH, async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html));
  app.get<{ Params: { file: string } }>(`${API_DOCS_PATH}/:file`, async (request, reply) => {
    const { file } = request.params;
    const type = ASSETS[file];
    if (!type) return reply.code(404).send({ error: 'not_found', description: 'No such file' });
    reply.header('Cache-Control', 'no-cache').type(type);
    if (file === 'init.js') return reply.send(INIT_JS);
    const path = join(dir, file);
    reply.header('Content-Length', statSync(path).size);
    return reply.send(createReadStream(path));
  });
}

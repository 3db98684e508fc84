/** The API reference page on the real site (API only, no seed): the page, the viewer's files, the document it names. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from './index';
import { API_DOCS_PATH, API_SPEC_URL } from './api-docs';

let site: Site;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'modshelf-api-docs-'));
  site = await startSite({ env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent' }, web: false });
});

afterAll(async () => {
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /docs/api', () => {
  it('answers an HTML page that loads the viewer and names the OpenAPI document', async () => {
    const res = await fetch(`${site.url}${API_DOCS_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`data-spec-url="${API_SPEC_URL}"`);
    expect(html).toContain(`<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>`);
    expect(html).toContain(`href="${API_DOCS_PATH}/swagger-ui.css"`);
  });

  it("serves the viewer's script and stylesheet from the installed package, and nothing else of it", async () => {
    const js = await fetch(`${site.url}${API_DOCS_PATH}/swagger-ui-bundle.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain('SwaggerUIBundle');
    const css = await fetch(`${site.url}${API_DOCS_PATH}/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const init = await (await fetch(`${site.url}${API_DOCS_PATH}/init.js`)).text();
    expect(init).toContain('SwaggerUIBundle(');
    expect((await fetch(`${site.url}${API_DOCS_PATH}/package.json`)).status).toBe(404);
    expect((await fetch(`${site.url}${API_DOCS_PATH}/..%2Fpackage.json`)).status).toBe(404);
  });

  it('names a document the site serves', async () => {
    const res = await fetch(`${site.url}${API_SPEC_URL}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toContain('/v2/search');
  });
});

/** The API reference in a real browser: the footer's link opens /docs/api, and the viewer lists the operations. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSite, type Site } from '../site/src/index';
import { buildWebOnce, failFast, launchBrowser, recordPage, removeDir } from './harness';

let browser: Browser;
let site: Site;
let dataDir: string;

beforeAll(async () => {
  await buildWebOnce();
  dataDir = mkdtempSync(join(tmpdir(), 'modshelf-e2e-api-docs-'));
  site = await startSite({ env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent' }, web: true });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dataDir) removeDir(dataDir);
});

describe('API reference', () => {
  failFast();
  it("opens from the footer's link and renders the operations of the OpenAPI document", async () => {
    const page = recordPage(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage());
    await page.goto(site.url);
    await page.locator('footer').getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/docs\/api$/);
    // Swagger UI fetched /v2/openapi.json and lists its operations by tag, folded (176 operations)
    await page.locator('.opblock-tag').first().waitFor();
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(10);
    await page.locator('.opblock-tag[data-tag="projects"]').click();
    const search = page.locator('.opblock-summary', { hasText: '/v2/search' }).first();
    await search.waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(3);
    // an operation opens with its parameters and an example answer built from its schema
    await search.click();
    const open = page.locator('.opblock.is-open').first();
    await open.locator('.parameters').first().waitFor();
    expect(await open.locator('.parameters').first().innerText()).toContain('facets');
    const example = open.locator('.responses-wrapper .example').first();
    await example.waitFor();
    expect(await example.innerText()).toContain('"hits"');
    await page.context().close();
  });
});

/** The API reference in a real browser: the footer's link opens /docs/api, and the viewer lists the operations. */
import { describe, expect, it } from 'vitest';
import { failFast, useSite } from './harness';

describe('API reference', () => {
  failFast();
  const env = useSite();

  it("opens from the footer's link and renders the operations of the OpenAPI document", async () => {
    const page = await env.newPage();
    await page.goto(env.url);
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

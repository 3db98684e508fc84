/**
 * A public page arrives with what its first render needs (issue 12): the HTML names every script the
 * page runs in <link rel=preload> (or a script tag), and a project page carries its project's API answers,
 * so the browser fetches all of it at once (request chain depth 2) and shows the project's title without
 * asking /v2/project first. Fails when a page regresses to shell -> remoteEntry -> chunk -> API in series.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { recordRequestChain } from './src/request-chain';
import { failFast, useSite } from './harness';

describe('pages without a request waterfall', () => {
  failFast();
  const site = useSite({ seed: 12 });

  // the server renders descriptions once its markdown renderer has loaded (the first page request starts loading it)
  beforeAll(async () => {
    const hits = (
      (await (await fetch(`${site.url}/v2/search?limit=1&facets=${encodeURIComponent('[["project_type:mod"]]')}`)).json()) as { hits: { slug: string }[] }
    ).hits;
    const rendered = async () => (await (await fetch(`${site.url}/mod/${hits[0]!.slug}`)).text()).includes('"rendered-body:');
    for (const deadline = Date.now() + 30_000; !(await rendered());) {
      if (Date.now() > deadline) throw new Error('the server never rendered a project description');
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  /** Loads a route, waits for its content, and answers the chain of requests made until then and the HTML's named scripts. */
  async function load(route: string, ready: string) {
    const page = await site.newPage();
    const rec = await recordRequestChain(page);
    const res = await page.goto(`${site.url}${route}`);
    const html = (await res?.text()) ?? '';
    await page.locator(ready).first().waitFor();
    const chain = rec.take();
    await rec.stop();
    const named = new Set(
      [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"|<script[^>]*\ssrc="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!.replace(/&amp;/g, '&')),
    );
    const local = (u: string) => u.replace(site.url, '');
    const scripts = chain.filter((c) => c.resourceType === 'Script' && c.url.startsWith(site.url));
    return { page, html, chain, named, scripts, local };
  }

  it('opens a project page with its scripts and its data in the HTML, and asks no API before the title shows', async () => {
    const hits = (
      (await (await fetch(`${site.url}/v2/search?limit=1&facets=${encodeURIComponent('[["project_type:mod"]]')}`)).json()) as {
        hits: { slug: string; title: string }[];
      }
    ).hits;
    const { slug, title } = hits[0]!;
    const { page, html, chain, named, scripts, local } = await load(`/mod/${slug}`, 'h1.cat-project__title');
    expect(await page.locator('h1.cat-project__title').innerText()).toBe(title);
    expect(html).toContain(`"/v2/project/${slug}":{`);
    // no /v2/project read before the first render: the project, its versions and members came with the page
    expect(chain.filter((c) => /^\/v2\/(project|tag)\//.test(new URL(c.url).pathname)).map((c) => local(c.url))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(5);
    for (const s of scripts) {
      expect(named.has(local(s.url)), `${local(s.url)} is not named in the HTML`).toBe(true);
      expect(s.depth, `${local(s.url)} was requested at depth ${s.depth}`).toBe(2);
    }
    expect(scripts.some((s) => local(s.url).includes('/page-project.'))).toBe(true);
    await page.context().close();
  });

  it('shows a project description rendered by the server, without the markdown renderer, as the browser renders it', async () => {
    const hits = (
      (await (await fetch(`${site.url}/v2/search?limit=1&facets=${encodeURIComponent('[["project_type:mod"]]')}`)).json()) as { hits: { slug: string }[] }
    ).hits;
    const { page, html, chain, local } = await load(`/mod/${hits[0]!.slug}`, '[data-testid="project-body"] > *');
    expect(html).toContain('"rendered-body:');
    // the description showed before any markdown chunk was asked for
    expect(chain.filter((c) => /\/markdown\.[0-9a-f]+\.js/.test(c.url)).map((c) => local(c.url))).toEqual([]);
    const fromServer = await page.locator('[data-testid="project-body"]').innerHTML();
    expect(fromServer.length).toBeGreaterThan(20);
    // the same project opened inside the app (no inlined answer): the browser's renderer gives the same HTML
    await page.locator(`a[href="/mods"]`).first().click();
    await page.locator('[data-testid="project-card"]').first().waitFor();
    // back to the project by the router (as a link does), so the page renders it with no inlined answer
    const renderer = page.waitForRequest((r) => /\/markdown\.[0-9a-f]+\.js/.test(r.url()));
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/mod/${hits[0]!.slug}`);
    await renderer;
    await page.locator('[data-testid="project-body"] > *').first().waitFor();
    expect(await page.locator('[data-testid="project-body"]').innerHTML()).toBe(fromServer);
    await page.context().close();
  });

  it('opens a project page in Russian with both message bundles named in its HTML and fetched at once', async () => {
    const hits = (
      (await (await fetch(`${site.url}/v2/search?limit=1&facets=${encodeURIComponent('[["project_type:mod"]]')}`)).json()) as { hits: { slug: string }[] }
    ).hits;
    const { page, named, scripts, local } = await load(`/mod/${hits[0]!.slug}?hl=ru`, 'h1.cat-project__title');
    expect(scripts.filter((s) => /messages\d*\.[0-9a-f]+\.js/.test(s.url)).length).toBeGreaterThanOrEqual(2);
    for (const s of scripts) {
      expect(named.has(local(s.url)), `${local(s.url)} is not named in the HTML`).toBe(true);
      expect(s.depth, `${local(s.url)} was requested at depth ${s.depth}`).toBe(2);
    }
    await page.context().close();
  });

  for (const route of ['/', '/mods']) {
    it(`loads ${route} with every script named in its HTML, fetched at once, and its first results in the HTML`, async () => {
      const { page, chain, named, scripts, local } = await load(route, '[data-testid="project-card"]');
      expect(chain.filter((c) => /^\/v2\/(search|tag\/)/.test(new URL(c.url).pathname)).map((c) => local(c.url))).toEqual([]);
      expect(scripts.length).toBeGreaterThan(5);
      for (const s of scripts) {
        expect(named.has(local(s.url)), `${local(s.url)} is not named in the HTML`).toBe(true);
        expect(s.depth, `${local(s.url)} was requested at depth ${s.depth}`).toBe(2);
      }
      await page.context().close();
    });
  }
});

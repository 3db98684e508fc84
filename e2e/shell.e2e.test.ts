/**
 * The shell in a real browser (Debian chromium), served by registerWeb over a copy of the built
 * front end: errors, parts missing or down, redeploying a part, theme and language.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildInto, buildWebOnce, copyWebRoot, failFast, launchBrowser, removeDir, type Running, startWebOnly } from './harness';

let browser: Browser;
const roots: string[] = [];
const servers: Running[] = [];

async function serve(prepare?: (root: string) => void): Promise<{ url: string; root: string }> {
  const root = copyWebRoot();
  roots.push(root);
  prepare?.(root);
  const s = await startWebOnly(root);
  servers.push(s);
  return { url: s.url, root };
}

async function newPage(): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return ctx.newPage();
}

beforeAll(async () => {
  await buildWebOnce();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const s of servers) await s.close();
  for (const r of roots) removeDir(r);
});

describe('shell', () => {
  failFast();
  it('shows the 404 page with the logo, the path, Go home and Discord', async () => {
    const { url } = await serve();
    const page = await newPage();
    // the server answers 404 for a path that is no page, and the shell shows its not-found screen
    expect((await page.goto(`${url}/no-such-page-xyz`))?.status()).toBe(404);
    await page.getByText('Page Not Found: /no-such-page-xyz').waitFor();
    expect((await page.goto(`${url}/no/such/page`))?.status()).toBe(404);
    await page.getByText('Page Not Found: /no/such/page').waitFor();
    expect(await page.locator('.ms-error__logo').count()).toBe(1);
    expect(await page.locator('.ms-error__heading').count()).toBe(0);
    const discord = page.getByRole('link', { name: 'Get help on Discord' });
    expect(await discord.getAttribute('target')).toBe('_blank');
    expect(await discord.getAttribute('href')).toMatch(/^https:\/\/discord/);
    expect(await page.title()).toContain('Page Not Found: /no/such/page');
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.locator('[data-remote="catalogue"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('shows the error screen for a part that is not deployed, inside the frame', async () => {
    const { url } = await serve();
    const page = await newPage();
    for (const path of ['/settings/profile', '/dashboard', '/auth/sign-in', '/moderation', '/admin/billing/x']) {
      // a known part's page, even undeployed: not a 404
      expect((await page.goto(`${url}${path}`))?.status()).toBe(200);
      await page.locator('main').getByText('An error occurred!').waitFor();
      expect(await page.locator('main .ms-error__message').innerText()).toMatch(/not available/);
      expect(await page.locator('header').getByRole('link', { name: 'Mods', exact: true }).isVisible()).toBe(true);
      expect(await page.locator('footer').isVisible()).toBe(true);
    }
    await page.context().close();
  });

  it('keeps working when a remote is down', async () => {
    const { url } = await serve((root) => rmSync(join(root, 'mfe-catalogue', 'dist', 'remoteEntry.js')));
    const page = await newPage();
    await page.goto(`${url}/`);
    await page.locator('main').getByText('An error occurred!').waitFor();
    expect(await page.locator('main .ms-error__message').innerText()).toMatch(/could not be loaded/);
    await page.locator('footer').getByRole('link', { name: 'Content rules' }).click();
    await page.locator('main h1', { hasText: 'Content rules' }).waitFor();
    await page.goto(`${url}/mods`);
    await page.locator('main').getByText('An error occurred!').waitFor();
    await page.context().close();
  });

  it('keeps a remote that throws inside its area, and finds new parts from the manifest', async () => {
    // A hand-made federation container (the shell is what is under test): its root component throws.
    const { url } = await serve((root) => {
      const dist = join(root, 'mfe-broken', 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(root, 'mfe-broken', 'package.json'), '{}');
      writeFileSync(
        join(dist, 'remote.json'),
        JSON.stringify({ name: 'broken', version: '1.0.0', entry: 'remoteEntry.js', expose: './routes', routes: ['/broken'] }),
      );
      writeFileSync(
        join(dist, 'remoteEntry.js'),
        `var broken = {
          init: function () { return Promise.resolve(); },
          get: function () {
            return Promise.resolve(function () {
              return { default: function Broken() { throw new Error('The broken part exploded'); } };
            });
          }
        };`,
      );
    });
    const page = await newPage();
    page.on('pageerror', () => undefined);
    await page.goto(`${url}/broken/anything`);
    await page.locator('main').getByText('An error occurred!').waitFor();
    expect(await page.locator('main .ms-error__message').innerText()).toBe('The broken part exploded');
    await page.locator('footer').getByRole('link', { name: 'Security notice' }).click();
    await page.locator('main h1', { hasText: 'Security notice' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'Mods', exact: true }).click();
    await page.locator('[data-remote="catalogue"]').waitFor();
    await page.context().close();
  });

  it('picks up a redeployed remote while the shell stays up', async () => {
    const { url, root } = await serve();
    const page = await newPage();
    await page.goto(`${url}/`);
    const area = page.locator('[data-remote="catalogue"]');
    await area.waitFor();
    const before = await area.getAttribute('data-version');
    const shellScript = await page.locator('script[src^="/main."]').getAttribute('src');
    const shellIndex = readFileSync(join(root, 'shell', 'dist', 'index.html'), 'utf8');

    const label = `redeploy${Date.now()}`;
    const fresh = join(root, 'mfe-catalogue', 'dist-next');
    await buildInto('mfe-catalogue', fresh, label);
    const old = join(root, 'mfe-catalogue', 'dist');
    rmSync(old, { recursive: true });
    renameSync(fresh, old);

    // the next navigation finds a new build id and reloads once
    await page.locator('header').getByRole('link', { name: 'Mods', exact: true }).click();
    await page.locator(`[data-remote="catalogue"][data-version="0.1.0+${label}"]`).waitFor({ timeout: 15_000 });
    expect(before).not.toContain(label);
    expect(new URL(page.url()).pathname).toBe('/mods');
    expect(await page.locator('script[src^="/main."]').getAttribute('src')).toBe(shellScript);
    expect(readFileSync(join(root, 'shell', 'dist', 'index.html'), 'utf8')).toBe(shellIndex);
    await page.context().close();
  }, 90_000);

  // /user/: its page imports @tanstack/react-virtual and recharts, which import react-dom (the shell itself never does)
  for (const route of ['/', '/user/someone']) {
    it(`fetches one preact and one preact/compat, and no react-dom, on ${route}: the remote uses the shell's copies`, async () => {
      const { url } = await serve();
      const page = await newPage();
      const scripts: { url: string; body: string }[] = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: await res.text().catch(() => '') });
      });
      await page.goto(`${url}${route}`);
      await page.locator('[data-remote="catalogue"]').waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.some((s) => s.url.includes('/remotes/catalogue/'))).toBe(true);
      if (route !== '/') expect(scripts.some((s) => s.url.includes('/remotes/catalogue/page-user.'))).toBe(true);
      // the bundles alias react and react-dom to preact/compat (web-kit/build/build.mjs): react-dom never ships
      expect(scripts.filter((s) => s.body.includes('__reactContainer$')).map((s) => s.url)).toEqual([]);
      // 'foreignObject' is in preact's core (its SVG namespace rule), the name of React's secret internals in
      // preact/compat's export list; neither is in any other module the pages load
      for (const marker of ['foreignObject', '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED']) {
        const copies = scripts.filter((s) => s.body.includes(marker)).map((s) => new URL(s.url).pathname);
        expect(copies, marker).toHaveLength(1);
        expect(copies[0], marker).not.toContain('/remotes/');
      }
      await page.context().close();
    });
  }

  it('keeps the chosen theme across a reload (cookie), and cycles light/dark', async () => {
    const { url } = await serve();
    const page = await newPage();
    await page.goto(`${url}/legal/rules`);
    await page.locator('footer select[name="theme"]').selectOption('oled');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'oled');
    await page.reload();
    await page.locator('footer select[name="theme"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('oled');
    expect(await page.locator('footer select[name="theme"]').inputValue()).toBe('oled');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'color-mode');
    expect(cookie).toMatchObject({ value: 'oled', sameSite: 'Lax', path: '/', secure: true });
    // 10 years asked; Chromium caps cookie lifetimes at 400 days
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 3600 * 1000);
    await page.getByRole('button', { name: 'Change theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await page.reload();
    await page.locator('footer select[name="theme"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByRole('button', { name: 'Change theme' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.context().close();
  });

  it('switches the language to Russian and back (hl, cookie, alternate links)', async () => {
    const { url } = await serve();
    const page = await newPage();
    await page.goto(`${url}/`);
    await page.locator('[data-remote="catalogue"] h1').waitFor();
    await page.locator('footer select[name="language"]').selectOption('ru');
    await page.locator('header').getByRole('link', { name: 'Моды', exact: true }).waitFor();
    await page.locator('[data-remote="catalogue"] h1', { hasText: 'Место для дополнений' }).waitFor();
    expect(new URL(page.url()).searchParams.get('hl')).toBe('ru');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    const alternates = await page.$$eval('link[rel="alternate"]', (ls) => ls.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    expect(alternates).toEqual([
      ['en-US', `${url}/`],
      ['ru', `${url}/?hl=ru`],
      ['x-default', `${url}/`],
    ]);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
    expect(cookie).toMatchObject({ value: 'ru', sameSite: 'Strict', path: '/', secure: true });

    // in-app links keep the language
    await page.locator('header').getByRole('link', { name: 'Сборки' }).click();
    await page.waitForURL((u) => u.pathname === '/modpacks' && u.searchParams.get('hl') === 'ru');
    await page.reload();
    await page.locator('header').getByRole('link', { name: 'Моды', exact: true }).waitFor();

    await page.locator('footer select[name="language"]').selectOption('en-US');
    await page.locator('header').getByRole('link', { name: 'Mods', exact: true }).waitFor();
    await page.waitForURL((u) => !u.searchParams.has('hl'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect((await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe('en-US');
    await page.context().close();
  });

  it('shows the 3 px loading bar while a page loads, then hides it', async () => {
    const { url } = await serve();
    const page = await newPage();
    await page.goto(`${url}/legal`);
    await page.locator('main h1').waitFor();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/v2/search**', async (route) => {
      await gate;
      await route.fulfill({ json: { hits: [], offset: 0, limit: 20, total_hits: 0 } });
    });
    await page.locator('header').getByRole('link', { name: 'Mods', exact: true }).click();
    const bar = page.locator('.shell-loading-bar');
    await page.locator('.shell-loading-bar[data-visible="true"]').waitFor();
    expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('3px');
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    release();
    await page.getByText('No results found for your query!').waitFor();
    await page.locator('.shell-loading-bar[data-visible="false"]').waitFor({ state: 'attached' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    await page.context().close();
  });

  it('renders project markdown sanitized (no scripts, handlers or javascript: links)', async () => {
    const { url } = await serve();
    const page = await newPage();
    const project = {
      id: 'EvIl0001',
      slug: 'evil',
      project_type: 'mod',
      team: 'T',
      title: 'Evil Mod',
      description: 'Tries things',
      body:
        '# Heading\n\n**bold** <script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
        '[click](javascript:window.__pwned=3) <iframe src="https://example.com"></iframe> [ok](https://example.com/page)',
      published: '2024-01-01T00:00:00Z',
      updated: '2024-01-02T00:00:00Z',
      status: 'approved',
      license: { id: 'MIT', name: 'MIT License', url: null },
      downloads: 1_234_567,
      followers: 12_345,
      categories: ['magic'],
      loaders: ['coreengine'],
      versions: [],
      game_versions: ['1.0.3', '1.11.4'],
      client_side: 'required',
      server_side: 'unsupported',
      gallery: [],
      donation_urls: [],
    };
    // the API's answers for this page, as the network would bring them
    await page.route('**/v2/project/evil', (r) => r.fulfill({ json: project }));
    await page.route('**/v2/project/EvIl0001/version', (r) => r.fulfill({ json: [] }));
    await page.route('**/v2/project/EvIl0001/members', (r) => r.fulfill({ json: [] }));
    await page.goto(`${url}/mod/evil`);
    const body = page.getByTestId('project-body');
    await body.locator('h1', { hasText: 'Heading' }).waitFor();
    expect(await body.locator('strong').innerText()).toBe('bold');
    expect(await body.locator('script, iframe').count()).toBe(0);
    expect(await body.locator('[onerror]').count()).toBe(0);
    expect(await body.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await body.locator('a[href="https://example.com/page"]').getAttribute('target')).toBe('_blank');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined();
    // the header's formatted figures and the sidebar's environment and ranges
    expect(await page.getByTestId('project-downloads').innerText()).toBe('1.23M downloads');
    expect(await page.getByTestId('project-followers').innerText()).toBe('12.3k followers');
    expect(await page.getByTestId('game-versions').innerText()).toBe('1.0.3\u20131.11.4');
    expect(await page.locator('[data-section="compatibility"]').innerText()).toContain('Client');
    await page.context().close();
  });

  it('virtualises a long versions list and still reaches its end', async () => {
    const { url } = await serve();
    const page = await newPage();
    const project = {
      id: 'LoNg0001',
      slug: 'long',
      project_type: 'mod',
      team: 'T',
      title: 'Long Mod',
      description: 'Many versions',
      body: 'x',
      published: '2024-01-01T00:00:00Z',
      updated: '2024-01-02T00:00:00Z',
      status: 'approved',
      license: { id: 'MIT', name: 'MIT License', url: null },
      downloads: 5,
      followers: 1,
      categories: [],
      loaders: ['coreengine'],
      versions: [],
      game_versions: ['1.0.3'],
      client_side: 'required',
      server_side: 'required',
      gallery: [],
      donation_urls: [],
    };
    const versions = Array.from({ length: 600 }, (_, i) => ({
      id: `V${String(i).padStart(7, '0')}`,
      project_id: project.id,
      author_id: 'U',
      name: `Build ${i}`,
      version_number: `1.0.${i}`,
      changelog: `change ${i}`,
      dependencies: [],
      game_versions: ['1.0.3'],
      version_type: i % 3 === 0 ? 'beta' : 'release',
      loaders: ['coreengine'],
      date_published: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
      downloads: i,
      files: [{ hashes: { sha1: 'a'.repeat(40) }, url: `/files/${i}.zip`, filename: `b${i}.zip`, primary: true, size: 1000 + i }],
    }));
    await page.route('**/v2/project/long', (r) => r.fulfill({ json: project }));
    await page.route('**/v2/project/LoNg0001/version', (r) => r.fulfill({ json: versions }));
    await page.route('**/v2/project/LoNg0001/members', (r) => r.fulfill({ json: [] }));
    await page.goto(`${url}/mod/long/versions`);
    await page.getByTestId('version-row').first().waitFor();
    expect(await page.locator('[data-virtualized="true"]').count()).toBe(1);
    const rendered = await page.getByTestId('version-row').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(80);
    // newest first; the oldest is reachable by scrolling
    expect(await page.getByTestId('version-row').first().innerText()).toContain('Build 599');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByTestId('version-row').filter({ hasText: 'Build 0' }).first().waitFor();
    // filters narrow the list (kept in the URL)
    await page.locator('select[name="channel"]').selectOption('beta');
    await page.waitForURL((u) => u.searchParams.get('c') === 'beta');
    await page.evaluate(() => window.scrollTo(0, 0));
    // the list re-renders after the URL changes: wait for the filtered rows rather than read the old ones
    await expect.poll(() => page.getByTestId('version-row').first().innerText(), { timeout: 15_000 }).toMatch(/^B/);
    await page.context().close();
  });

  it('keeps the current language and says so when a language bundle cannot load', async () => {
    const { url } = await serve();
    const page = await newPage();
    await page.route('**/shell-messages*.js', (r) => r.abort());
    await page.goto(`${url}/legal`);
    await page.locator('main h1', { hasText: 'Legal' }).waitFor();
    await page.locator('footer select[name="language"]').selectOption('ru');
    await page.locator('.shell-toast', { hasText: 'Cannot load this language. Try again in a bit.' }).waitFor();
    expect(await page.locator('footer select[name="language"]').inputValue()).toBe('en-US');
    expect(await page.locator('main h1').innerText()).toBe('Legal');
    expect(new URL(page.url()).searchParams.has('hl')).toBe(false);
    expect((await page.context().cookies()).find((c) => c.name === 'language')).toBeUndefined();
    await page.context().close();
  });

  it('follows the route rules on a page load and on in-app navigation', async () => {
    const { url } = await serve();
    const page = await newPage();
    await page.goto(`${url}/modpack`);
    expect(new URL(page.url()).pathname).toBe('/modpacks');
    await page.locator('[data-remote="catalogue"]').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/server');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((u) => u.pathname === '/servers');
    await page.context().close();
  });

  it('reminds a visitor whose content blocker hides parts of the page, until they say they use none', async () => {
    const { url } = await serve();
    // no blocker: the check finds nothing and nothing is shown
    const clean = await newPage();
    await clean.goto(`${url}/legal`);
    await clean.locator('html[data-blockers="none"]').waitFor({ state: 'attached' });
    expect(await clean.getByTestId('blocker-notice').count()).toBe(0);
    await clean.context().close();

    // a blocker's cosmetic filter: a stylesheet injected at document start that hides ad-like elements
    const page = await newPage();
    await page.addInitScript(() => {
      const style = document.createElement('style');
      style.textContent = '.adsbox, .ad-banner { display: none !important; }';
      new MutationObserver((_, observer) => {
        if (!document.head) return;
        document.head.append(style);
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${url}/legal`);
    await page.getByTestId('blocker-notice').waitFor();
    expect(await page.locator('html').getAttribute('data-blockers')).toBe('found');
    expect(await page.getByTestId('blocker-notice').getByRole('link').getAttribute('href')).toBe('/settings');
    // "I am not using a content blocker" (Settings, Appearance: the display preferences cookie, see settings.e2e)
    await page.context().addCookies([{ name: 'display-preferences', value: encodeURIComponent(JSON.stringify({ notUsingBlockers: true })), url }]);
    await page.reload();
    await page.locator('html[data-blockers="off"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('blocker-notice').count()).toBe(0);
    await page.context().close();
  });

  it('toggles developer mode after 5 logo clicks and shows a toast', async () => {
    const { url } = await serve();
    const page = await newPage();
    await page.goto(`${url}/legal`);
    const logo = page.locator('header .shell-logo');
    for (let i = 0; i < 4; i++) await logo.click();
    expect(await page.getByTestId('devmode').count()).toBe(0);
    await logo.click();
    await page.getByTestId('devmode').waitFor();
    const toast = page.locator('.shell-toast', { hasText: 'Developer mode enabled' });
    await toast.waitFor();
    await toast.click();
    await toast.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

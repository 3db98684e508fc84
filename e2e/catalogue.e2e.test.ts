/**
 * The visitor's main path on the whole seeded site (API + web, one port) in Debian's chromium:
 * home -> search with facets and a typed query -> project -> versions -> version page -> download.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { failFast, useSite } from './harness';

describe('catalogue in a real browser', () => {
  failFast();
  const site = useSite({ seed: 40 });
  let page: Page;
  const searchCalls: string[] = [];

  beforeAll(async () => {
    page = await site.newPage({ acceptDownloads: true });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/v2/search') searchCalls.push(r.url());
    });
  });

  it('goes from home through search, a project and its versions to a file download', async () => {
    const url = site.url;
    await page.goto(`${url}/`);
    await page.getByTestId('project-card').first().waitFor();

    // search page with its default layout for mods
    await page.locator('header').getByRole('link', { name: 'Mods', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/mods');
    const results = page.locator('.cat-results[data-layout="list"] [data-testid="project-card"]');
    await results.first().waitFor();
    const countText = async () => (await page.getByTestId('result-count').innerText()).trim();
    const totalOf = (t: string) => Number(t.replace(/[^\d]/g, ''));
    const allCount = totalOf(await countText());
    expect(allCount).toBeGreaterThan(0);

    // a category facet narrows the results, and is kept in the URL
    const facet = page.locator('[data-facet="categories"] input[type="checkbox"]');
    await facet.first().waitFor();
    const options = await facet.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    let chosen = '';
    for (const value of options) {
      const res = await page.request.get(
        `${url}/v2/search?limit=1&facets=${encodeURIComponent(JSON.stringify([['project_type:mod'], [`categories:${value}`]]))}`,
      );
      const total = (await res.json()).total_hits as number;
      if (total > 0 && total < allCount) {
        chosen = value;
        break;
      }
    }
    expect(chosen, 'a category that narrows the mods').not.toBe('');
    const filtered = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === '/v2/search' && (u.searchParams.get('facets') ?? '').includes(`categories:${chosen}`);
    });
    await page.locator(`[data-facet="categories"] input[value="${chosen}"]`).click();
    await page.waitForURL((u) => u.searchParams.getAll('c').includes(chosen));
    const body = (await (await filtered).json()) as { hits: { title: string; categories: string[] }[]; total_hits: number };
    expect(body.total_hits).toBeGreaterThan(0);
    expect(body.total_hits).toBeLessThan(allCount);
    for (const hit of body.hits) expect(hit.categories).toContain(chosen);
    await page.waitForFunction((n) => {
      const t = document.querySelector('[data-testid="result-count"]')?.textContent ?? '';
      return Number(t.replace(/[^\d]/g, '')) === n;
    }, body.total_hits);
    const shownTitles = await page.locator('.cat-results [data-testid="project-card"] .cat-card__title a').allInnerTexts();
    expect(shownTitles).toEqual(body.hits.map((h) => h.title));

    // typing a query updates the results without one request per key
    await page.locator(`[data-facet="categories"] input[value="${chosen}"]`).click();
    await page.waitForURL((u) => !u.searchParams.has('c'));
    await results.first().waitFor();
    const firstTitle = (await results.first().locator('.cat-card__title a').innerText()).trim();
    const word = firstTitle.split(/\s+/).sort((a, b) => b.length - a.length)[0];
    const before = searchCalls.length;
    const typedSearch = page.waitForResponse((r) => new URL(r.url()).searchParams.get('query') === word);
    await page.locator('input[name="query"]').pressSequentially(word, { delay: 40 });
    await page.waitForURL((u) => u.searchParams.get('q') === word);
    const typedBody = (await (await typedSearch).json()) as { hits: { title: string }[] };
    expect(typedBody.hits.length).toBeGreaterThan(0);
    await page.waitForFunction(
      (titles) => JSON.stringify([...document.querySelectorAll('.cat-results .cat-card__title a')].map((a) => a.textContent)) === JSON.stringify(titles),
      typedBody.hits.map((h) => h.title),
    );
    await page.waitForTimeout(400);
    // one request per pause in typing, never one per key
    const typedCalls = searchCalls.slice(before).filter((u) => new URL(u).searchParams.has('query'));
    expect(typedCalls.length).toBeGreaterThanOrEqual(1);
    expect(typedCalls.length).toBeLessThan(word.length);

    // the project page
    const card = page.locator('.cat-results [data-testid="project-card"]', { hasText: firstTitle }).first();
    const titleLink = card.locator('.cat-card__title a');
    const cardPath = new URL((await titleLink.getAttribute('href'))!, url).pathname;
    const projectCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v2/project/') && !new URL(r.url()).pathname.includes('/version')) projectCalls.push(r.url());
    });
    // hovering preloads the project, so opening it asks the API no second time
    const preload = page.waitForResponse((r) => new URL(r.url()).pathname === `/v2/project/${cardPath.split('/')[2]}`);
    await titleLink.hover();
    await preload;
    await titleLink.click();
    await page.locator('.cat-project__title', { hasText: firstTitle }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/(mod|behaviorpack)\/[^/]+$/);
    expect(await page.title()).toBe(`${firstTitle} - Modshelf`);
    expect(projectCalls.filter((u) => new URL(u).pathname === `/v2/project/${cardPath.split('/')[2]}`)).toHaveLength(1);
    for (const section of ['compatibility', 'creators', 'details']) {
      expect(await page.locator(`.cat-about [data-section="${section}"]`).count()).toBe(1);
    }
    await page.getByTestId('owner-badge').first().waitFor();
    const projectPath = new URL(page.url()).pathname;

    // versions tab, then a version page
    await page.locator('.cat-tabs').getByRole('link', { name: 'Versions' }).click();
    await page.waitForURL((u) => u.pathname === `${projectPath}/versions`);
    const row = page.getByTestId('version-row').first();
    await row.waitFor();
    await row.locator('.cat-version-row__name a').click();
    await page.waitForURL((u) => u.pathname.startsWith(`${projectPath}/version/`));
    const file = page.getByTestId('version-file').first();
    await file.waitFor();
    const sha1 = (await file.getByTestId('sha1').innerText()).trim();
    expect(sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(await file.getByTestId('file-size').innerText()).toMatch(/^\d+(\.\d{1,2})? (Bytes|KiB|MiB|GiB)$/);

    // the download is the file the hashes describe
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-primary').click()]);
    const saved = await download.path();
    const bytes = readFileSync(saved);
    expect(createHash('sha1').update(bytes).digest('hex')).toBe(sha1);
  }, 120_000);

  it('shows the gallery lightbox, the creators and their user page', async () => {
    const url = site.url;
    const search = await (await page.request.get(`${url}/v2/search?limit=50`)).json();
    const hit = (search.hits as { slug: string; gallery: string[]; project_type: string }[]).find((h) => h.gallery.length > 0);
    expect(hit, 'a seeded project with a gallery').toBeTruthy();
    const project = await (await page.request.get(`${url}/v2/project/${hit!.slug}`)).json();
    // the canonical path (behaviour packs live under /behaviorpack) is where the page ends up
    await page.goto(`${url}/mod/${hit!.slug}`);
    await page.locator('.cat-project__title', { hasText: project.title }).waitFor();
    const expected = project.loaders.includes('behaviorpack') && project.project_type === 'mod' ? 'behaviorpack' : project.project_type;
    expect(new URL(page.url()).pathname).toBe(`/${expected}/${hit!.slug}`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(project.description);

    await page.locator('.cat-tabs').getByRole('link', { name: 'Gallery' }).click();
    await page.locator('.cat-gallery__item').first().waitFor();
    expect(await page.locator('.cat-gallery__item').count()).toBe(project.gallery.length);
    await page.locator('.cat-gallery__open').first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // the "more" dropdown: bottom-end, 8 px below its trigger; copying the project id
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const trigger = page.getByRole('button', { name: 'More options' });
    await trigger.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const [t, m] = [await trigger.boundingBox(), await menu.boundingBox()];
    expect(Math.round(m!.y - (t!.y + t!.height))).toBe(8);
    expect(Math.round(m!.x + m!.width)).toBe(Math.round(t!.x + t!.width));
    await menu.getByRole('menuitem', { name: 'Copy ID' }).click();
    await page.locator('.shell-toast', { hasText: 'Project ID copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(project.id);
    await page.keyboard.press('Escape');

    const creator = page.locator('.cat-about [data-section="creators"] .cat-members a').first();
    const username = (await creator.innerText()).trim();
    await creator.click();
    await page.locator('.cat-profile h1', { hasText: username }).waitFor();
    await page.getByTestId('project-card').first().waitFor();
    expect(Number(await page.getByTestId('user-project-count').innerText())).toBeGreaterThan(0);
    // the creator badge, computed from the listed projects
    expect(await page.getByTestId('user-badges').locator('[data-badge="creator"]').innerText()).toBe('Creator');
    expect(await page.title()).toBe(`${username} - Modshelf`);
  });

  it('sends an anonymous visitor to sign in and back; a signed-in visitor follows and unfollows', async () => {
    const url = site.url;
    const search = await (await page.request.get(`${url}/v2/search?limit=1&index=downloads`)).json();
    const slug = search.hits[0].slug as string;
    const ctx = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await ctx.newPage();
    await visitor.goto(`${url}/mod/${slug}`);
    const follow = visitor.locator('.cat-project__actions button[aria-pressed]');
    await follow.waitFor();
    const projectPath = new URL(visitor.url()).pathname;
    await follow.click();
    await visitor.waitForURL((u) => u.pathname === '/auth/sign-in' && u.searchParams.get('redirect') === projectPath);

    // exact figures behind the abbreviated ones (the first step's download may be counted in between:
    // the page and the API are compared again until they were read on the same side of that count)
    let project: { id: string; title: string; downloads: number } = { id: '', title: '', downloads: -1 };
    await expect
      .poll(
        async () => {
          await visitor.goto(`${url}${projectPath}`);
          await visitor.getByTestId('project-downloads').hover();
          const tip = visitor.getByRole('tooltip');
          await tip.waitFor();
          const shown = await tip.innerText();
          project = await (await visitor.request.get(`${url}/v2/project/${slug}`)).json();
          return shown === `${project.downloads.toLocaleString('en-US')} downloads` ? 'same' : `${shown} / ${project.downloads}`;
        },
        { timeout: 30_000 },
      )
      .toBe('same');

    // sign up (the API sets the HttpOnly session cookie in this browser context)
    const username = `e2e_${Date.now() % 1_000_000_000}`;
    const created = await visitor.request.post(`${url}/v2/auth/create`, {
      data: { username, email: `${username}@example.com`, password: 'correct-horse-battery-staple' },
      headers: { 'x-requested-with': 'e2e' },
    });
    expect(created.status(), await created.text()).toBe(200);
    await visitor.goto(`${url}${projectPath}`);
    await visitor.locator('header .shell-user__name', { hasText: username }).waitFor();
    const followers = async () => Number((await visitor.getByTestId('project-followers').innerText()).replace(/[^\d]/g, ''));
    await visitor.locator('.cat-project__actions button[aria-pressed]', { hasText: 'Follow' }).waitFor();
    const before = await followers();
    await visitor.locator('.cat-project__actions button[aria-pressed]', { hasText: 'Follow' }).click();
    await visitor.locator('.cat-project__actions button[aria-pressed]', { hasText: 'Unfollow' }).waitFor();
    expect(await followers()).toBe(before + 1);
    await visitor.locator('.shell-toast', { hasText: `Following ${project.title}` }).waitFor();
    // the API remembers it
    const me = await (await visitor.request.get(`${url}/v2/user`)).json();
    const follows = await (await visitor.request.get(`${url}/v2/user/${me.id}/follows`)).json();
    expect((follows as { id: string }[]).map((f) => f.id)).toContain(project.id);
    await visitor.reload();
    await visitor.locator('.cat-project__actions button[aria-pressed]', { hasText: 'Unfollow' }).waitFor();
    await visitor.locator('.cat-project__actions button[aria-pressed]', { hasText: 'Unfollow' }).click();
    await visitor.locator('.cat-project__actions button[aria-pressed]', { hasText: /^Follow$/ }).waitFor();

    // filing a report from the project page
    await visitor.locator('.cat-project__actions').getByRole('link', { name: 'Report' }).click();
    await visitor.waitForURL((u) => u.pathname === '/report' && u.searchParams.get('itemID') === project.id);
    // the report form's own fields, by label (the footer has selects of its own)
    const reportForm = visitor.locator('form.shell-form');
    await reportForm.getByLabel('Reason').selectOption('spam');
    await reportForm.getByLabel('Additional information').fill('Looks like spam to me (browser test).');
    await visitor.getByRole('button', { name: 'Submit report' }).click();
    await visitor.locator('.shell-toast', { hasText: 'Report submitted' }).waitFor();
    const reports = await (await visitor.request.get(`${url}/v2/report`)).json();
    expect(reports).toEqual(expect.arrayContaining([expect.objectContaining({ item_id: project.id, report_type: 'spam' })]));

    // the user menu: profile, dashboard and settings links (no moderation for a regular user), then sign out
    const menuButton = visitor.locator('header .shell-user__menu > button');
    await menuButton.click({ timeout: 10_000 });
    const menu = visitor.locator('header [role="menu"]');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Profile', 'Dashboard', 'Settings', 'Sign out']);
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).getAttribute('href', { timeout: 10_000 })).toBe('/settings');
    await menu.getByRole('menuitem', { name: 'Profile' }).click({ timeout: 10_000 });
    await visitor.waitForURL((u) => u.pathname === `/user/${username}`, { timeout: 10_000 });
    await menuButton.click({ timeout: 10_000 });
    await menu.getByRole('menuitem', { name: 'Sign out' }).click({ timeout: 10_000 });
    await visitor.locator('header').getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 10_000 });
    expect((await visitor.request.get(`${url}/v2/user`)).status()).toBe(401);
    await ctx.close();
  });

  it('scrolls back to the top after a page transition', async () => {
    await page.goto(`${site.url}/mods?m=50`);
    await page.getByTestId('project-card').nth(10).waitFor();
    const last = page.getByTestId('project-card').last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await last.locator('.cat-card__title a').click();
    await page.locator('.cat-project__title').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('shows organization and collection pages, and their not-found errors', async () => {
    const url = site.url;
    const search = await (await page.request.get(`${url}/v2/search?limit=100`)).json();
    const hits = search.hits as { slug: string; organization: string | null; author_id: string }[];
    // the demo seed groups some projects under studios (deterministic names)
    const res = await page.request.get(`${url}/v2/organization/blockworks-studio`);
    expect(res.status(), 'the seeded organization blockworks-studio').toBe(200);
    const org = await res.json();
    const orgProjects = (await (await page.request.get(`${url}/v2/organization/${org.id}/projects`)).json()) as { slug: string }[];
    expect(orgProjects.length).toBeGreaterThan(0);
    const withOrg = orgProjects[0];

    await page.goto(`${url}/mod/${withOrg!.slug}`);
    const orgLink = page.locator('.cat-about [data-section="creators"]').getByRole('link', { name: org.name });
    await orgLink.click();
    await page.locator('.cat-profile h1', { hasText: org.name }).waitFor();
    await page.getByTestId('project-card').first().waitFor();
    expect(await page.getByTestId('project-card').count()).toBe(orgProjects.length);
    expect(await page.title()).toBe(`${org.name} - Modshelf`);

    let collection: { id: string; name: string; projects: string[] } | null = null;
    for (const authorId of [...new Set(hits.map((h) => h.author_id))]) {
      const list = (await (await page.request.get(`${url}/v2/user/${authorId}/collections`)).json()) as {
        id: string;
        name: string;
        projects: string[];
        status: string;
      }[];
      collection = list.find((c) => c.status === 'listed' || c.status === 'public') ?? list[0] ?? null;
      if (collection) break;
    }
    expect(collection, 'a seeded public collection').toBeTruthy();
    await page.goto(`${url}/collection/${collection!.id}`);
    await page.locator('.cat-profile h1', { hasText: collection!.name }).waitFor();
    if (collection!.projects.length > 0) {
      await page.getByTestId('project-card').first().waitFor();
      expect(await page.getByTestId('project-card').count()).toBe(collection!.projects.length);
    }

    await page.goto(`${url}/collection/zzzzzzzz`);
    await page.getByText('Collection not found').waitFor();
    await page.goto(`${url}/user/no_such_user_here`);
    await page.getByText('User not found').waitFor();
  });

  it('suggests a sample of 3 projects from the header search, and opens the full search on Enter', async () => {
    const url = site.url;
    const any = await (await page.request.get(`${url}/v2/search?limit=1&index=downloads`)).json();
    const word = (any.hits[0].title as string).split(/\s+/).sort((a, b) => b.length - a.length)[0];
    await page.goto(`${url}/legal`);
    const input = page.locator('header input[name="q"]');
    // the sample for the whole word (a slow machine may also send one for a prefix of it, typed before the pause)
    const sample = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === '/v2/search' && u.searchParams.get('limit') === '3' && u.searchParams.get('query') === word;
    });
    await input.pressSequentially(word, { delay: 30 });
    const body = (await (await sample).json()) as { hits: { title: string }[] };
    expect(body.hits.length).toBeGreaterThan(0);
    const options = page.locator('header [role="listbox"] [role="option"]');
    await options.first().waitFor();
    expect(await options.count()).toBe(Math.min(3, body.hits.length));
    await expect.poll(() => page.locator('header .shell-search__title').allInnerTexts()).toEqual(body.hits.slice(0, 3).map((h) => h.title));
    await options.first().click();
    await page.locator('.cat-project__title', { hasText: body.hits[0].title }).waitFor();
    expect(await page.locator('header [role="listbox"]').count()).toBe(0);
    await input.fill('caves');
    await input.press('Enter');
    await page.waitForURL((u) => u.pathname === '/mods' && u.searchParams.get('q') === 'caves');
    await page.locator('input[name="query"]').waitFor();
    expect(await page.locator('input[name="query"]').inputValue()).toBe('caves');
  });

  it('shows a missing project as the 404 page', async () => {
    await page.goto(`${site.url}/mod/no-such-project-here`);
    await page.getByText('Page Not Found: /mod/no-such-project-here').waitFor();
    expect(await page.locator('.ms-error__logo').count()).toBe(1);
  });

  it('renders the spec number format on cards', async () => {
    await page.goto(`${site.url}/mods?s=downloads`);
    await page.getByTestId('project-card').first().waitFor();
    const texts = await page.locator('.cat-card__stats').allInnerTexts();
    for (const t of texts) {
      const n = /([\d.,]+[Mk]?) downloads/.exec(t)?.[1] ?? '';
      expect(n).toMatch(/^(\d+\.\d{2}M|\d+\.\dk|\d{1,3}(,\d{3})?)$/);
    }
  });

  it('locks provided filters (unlock, sync), draws category and loader icons, and serves the legal pages and the community link', async () => {
    const url = site.url;
    const facetsOf = (u: string) => JSON.parse(new URL(u).searchParams.get('facets') ?? '[]') as string[][];
    const lockedSearch = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v2/search' && facetsOf(r.url()).some((g) => g.includes('versions:1.11.4')),
    );
    await page.goto(`${url}/mods?pv=1.11.4&pg=coreengine`);
    const versions = page.getByTestId('lock-versions');
    await versions.waitFor();
    // (each read waits for the render that follows the address: the page updates after the URL does)
    await expect.poll(() => versions.getAttribute('data-locked')).toBe('true');
    const v = page.locator('input[name="version"][value="1.11.4"]');
    await expect.poll(() => v.isChecked()).toBe(true);
    await expect.poll(() => v.isDisabled()).toBe(true);
    await lockedSearch;
    // unlock: the visitor's own choice, starting from the provided value, kept in the address
    await versions.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL((u) => u.searchParams.getAll('ul').includes('v'));
    await expect.poll(() => v.isDisabled()).toBe(false);
    const cleared = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v2/search' && !facetsOf(r.url()).some((g) => g.some((f) => f.startsWith('versions:'))),
    );
    // (a click, not uncheck(): the box follows the address, so its state changes a render after the click)
    await v.click();
    await cleared;
    await expect.poll(() => v.isChecked()).toBe(false);
    // sync: locked to the provided value again
    await versions.getByRole('button', { name: 'Sync' }).click();
    await page.waitForURL((u) => !u.searchParams.has('ul'));
    await expect.poll(() => v.isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('lock-loaders').getAttribute('data-locked')).toBe('true');
    // one icon per category and loader beside the filters
    await page.locator('[data-facet="categories"] .cat-facet__icon svg').first().waitFor();
    expect(await page.locator('[data-facet="categories"] .cat-facet__icon svg').count()).toBe(await page.locator('[data-facet="categories"] input').count());
    expect(await page.locator('[data-facet="loaders"] .cat-facet__icon svg').count()).toBeGreaterThan(0);

    // legal pages with real text; the community link from the site's configuration
    for (const [doc, title] of [
      ['terms', 'Terms of use'],
      ['privacy', 'Privacy policy'],
      ['rules', 'Content rules'],
      ['copyright', 'Copyright policy (DMCA)'],
      ['security', 'Security notice'],
    ]) {
      await page.goto(`${url}/legal/${doc}`);
      await page.locator('main h1', { hasText: title }).waitFor();
      expect(await page.locator('.shell-legal h2').count()).toBeGreaterThanOrEqual(4);
    }
    expect(await page.getByTestId('community-link').getAttribute('href')).toBe('https://discord.gg/modshelf');
  });
});

/**
 * Phones first and accessibility, in Debian's chromium over every page type of the seeded site,
 * signed out and signed in (as a staff member, so moderation is reachable):
 * - at 360 px, 390 px and desktop width each page is screenshotted into e2e/screenshots/ (git-ignored),
 *   nothing scrolls sideways, and every visible control is at least 24 x 24 px (WCAG 2.5.8);
 * - axe-core finds no WCAG 2.0/2.1/2.2 A and AA violation, and no contrast failure in any colour mode;
 * - on a phone the search filters sit behind a "Filters" button that counts the active ones.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { recordPage, REPO_ROOT, STAFF as ADMIN, useSite } from './harness';

const SHOTS = join(REPO_ROOT, 'e2e', 'screenshots');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The widths checked, grouped by the page that serves them: a phone (loaded at its first width, then narrowed) and a desktop. */
const VIEWPORT_GROUPS: readonly (readonly number[])[] = [[390, 360], [1280]];
const AXE_WIDTHS: readonly number[] = [390, 1280];
const DARK_MODES = ['dark', 'oled', 'retro'] as const;

interface PageType {
  name: string;
  path: string;
}

/** Waits until the page's part has rendered: no loading placeholder left and the network quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && main.children.length > 0 && !document.querySelector('.shell-area-loading, .cat-loading, [aria-busy="true"]');
  });
}

/** Sideways overflow of the document, in px (0 when nothing scrolls sideways). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Visible controls that fail WCAG 2.5.8 (target size, minimum): smaller than 24 x 24 px and not spaced
 * so that a 24 px circle on their centre stays clear of every other target and of the other small
 * targets' circles. A link inside running text is exempt (the criterion's inline exception); a
 * checkbox or radio inside its label is measured with the label, which is its target.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sel = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"]';
    const targets: { el: HTMLElement; r: DOMRect; small: boolean }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[hidden], .ms-visually-hidden')) continue;
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) target = el.closest('label')!;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        // inline: the link sits in a line of text with other words
        const text = (el.parentElement?.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text.length > (el.textContent ?? '').trim().length + 1 && !el.parentElement?.matches('nav, li, dd, td')) continue;
      }
      if (targets.some((t) => t.el === target)) continue;
      targets.push({ el: target, r, small: r.width < 24 || r.height < 24 });
    }
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const circleHitsRect = (c: { x: number; y: number }, r: DOMRect) => {
      const dx = Math.max(r.left - c.x, 0, c.x - r.right);
      const dy = Math.max(r.top - c.y, 0, c.y - r.bottom);
      return dx * dx + dy * dy < 12 * 12;
    };
    const out: string[] = [];
    for (const t of targets.filter((x) => x.small)) {
      const c = centre(t.r);
      const crowded = targets.some(
        (o) =>
          o !== t &&
          !o.el.contains(t.el) &&
          !t.el.contains(o.el) &&
          (circleHitsRect(c, o.r) || (o.small && Math.hypot(centre(o.r).x - c.x, centre(o.r).y - c.y) < 24)),
      );
      if (crowded) {
        const label = (t.el.getAttribute('aria-label') || t.el.textContent || t.el.getAttribute('name') || '').trim().slice(0, 40);
        out.push(
          `${t.el.tagName.toLowerCase()}${t.el.className ? `.${String(t.el.className).split(' ')[0]}` : ''} "${label}" ${Math.round(t.r.width)}x${Math.round(t.r.height)}`,
        );
      }
    }
    return out;
  });
}

/**
 * axe on a page, reporting violations only: it then skips the selectors of the passing, incomplete and
 * inapplicable results (axe-core's resultTypes option), which the checks never read. `options` replaces
 * the run options, so it comes before withTags/withRules.
 */
function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}

function describeViolations(v: { id: string; help: string; nodes: { target: unknown; failureSummary?: string }[] }[]): string {
  return v
    .map(
      (x) =>
        `${x.id}: ${x.help}\n    ${x.nodes
          .slice(0, 4)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary?.split('\n')[1] ?? ''}`)
          .join('\n    ')}`,
    )
    .join('\n');
}

describe('every page type on phones and desktops, and its accessibility', () => {
  // the four checks stand alone (no journey), so one failing does not skip the others (no failFast)
  const site = useSite({ seed: 40 });
  const signedOut: PageType[] = [];
  const signedIn: PageType[] = [];
  let staffState: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const url = site.url;
    const ctx = await site.browser.newContext();
    const req = ctx.request;
    const hits = (await (await req.get(`${url}/v2/search?limit=40&facets=${encodeURIComponent('[["project_type:mod"]]')}`)).json()).hits as {
      slug: string;
      project_id: string;
      author: string;
      gallery: string[];
    }[];
    const project = hits.find((h) => h.gallery.length > 0) ?? hits[0]!;
    const versions = (await (await req.get(`${url}/v2/project/${project.slug}/version`)).json()) as { id: string }[];
    let collection = '';
    for (const author of [...new Set(hits.map((h) => h.author))]) {
      const list = (await (await req.get(`${url}/v2/user/${author}/collections`)).json()) as { id: string }[];
      if (list.length) {
        collection = list[0]!.id;
        break;
      }
    }
    expect(collection, 'a seeded collection').not.toBe('');
    const p = `/mod/${project.slug}`;
    signedOut.push(
      { name: 'home', path: '/' },
      { name: 'search-mods', path: '/mods' },
      { name: 'search-modpacks', path: '/modpacks?l=grid' },
      { name: 'search-servers', path: '/servers' },
      { name: 'project', path: p },
      { name: 'project-gallery', path: `${p}/gallery` },
      { name: 'project-changelog', path: `${p}/changelog` },
      { name: 'project-versions', path: `${p}/versions` },
      { name: 'project-comments', path: `${p}/comments` },
      { name: 'version', path: `${p}/version/${versions[0]!.id}` },
      { name: 'user', path: `/user/${project.author}` },
      { name: 'organization', path: '/organization/blockworks-studio' },
      { name: 'collection', path: `/collection/${collection}` },
      { name: 'sign-in', path: '/auth/sign-in' },
      { name: 'sign-up', path: '/auth/sign-up' },
      { name: 'reset-password', path: '/auth/reset-password' },
      ...['terms', 'privacy', 'rules', 'copyright', 'security'].map((d) => ({ name: `legal-${d}`, path: `/legal/${d}` })),
    );
    signedIn.push(
      { name: 'home', path: '/' },
      { name: 'search-mods', path: '/mods' },
      { name: 'project', path: p },
      { name: 'project-versions', path: `${p}/versions` },
      { name: 'project-comments', path: `${p}/comments` },
      { name: 'project-moderation', path: `${p}/moderation` },
      // the project's settings tabs (General holds the schedule card) and the version edit page
      ...['', '/description', '/license', '/links', '/tags', '/gallery', '/versions', '/members', '/analytics'].map((s) => ({
        name: `project-settings${s.replace('/', '-') || '-general'}`,
        path: `${p}/settings${s}`,
      })),
      { name: 'version-edit', path: `${p}/version/${versions[0]!.id}/edit` },
      ...['', '/members', '/projects', '/analytics'].map((s) => ({
        name: `organization-settings${s.replace('/', '-') || '-general'}`,
        path: `/organization/blockworks-studio/settings${s}`,
      })),
      ...['', '/language', '/profile', '/account', '/pats', '/sessions', '/applications', '/authorizations', '/billing'].map((s) => ({
        name: `settings${s.replace('/', '-') || '-appearance'}`,
        path: `/settings${s}`,
      })),
      ...['', '/projects', '/notifications', '/collections', '/organizations', '/reports', '/analytics', '/revenue'].map((s) => ({
        name: `dashboard${s.replace('/', '-')}`,
        path: `/dashboard${s}`,
      })),
      ...['', '/review', '/reports'].map((s) => ({ name: `moderation${s.replace('/', '-')}`, path: `/moderation${s}` })),
    );

    // the staff member signs in through the form once; every signed-in context reuses the session
    const page = recordPage(await ctx.newPage());
    await page.goto(`${url}/auth/sign-in`);
    await page.getByLabel('Email or username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
    staffState = await ctx.storageState();
    // a report of the staff member's own, for the report page
    const filed = await ctx.request.post(`${url}/v2/report`, {
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'modshelf' },
      data: { report_type: 'spam', item_id: project.project_id, item_type: 'project', body: 'Reported by the accessibility test.' },
    });
    expect(filed.status(), `filing a report: ${await filed.text()}`).toBe(200);
    // filed outside a page: wait for the read side
    await ctx.request.get(`${url}/v2/report?min_position=${filed.headers()['x-modshelf-position']}`);
    signedIn.push({ name: 'dashboard-report', path: `/dashboard/report/${((await filed.json()) as { id: string }).id}` });
    await ctx.close();
  }, 300_000);

  async function contextFor(width: number, state: 'out' | 'in', mode = 'light'): Promise<BrowserContext> {
    const phone = width < 600;
    const ctx = await site.browser.newContext({
      viewport: { width, height: phone ? 780 : 900 },
      isMobile: phone,
      hasTouch: phone,
      deviceScaleFactor: 1,
      storageState: state === 'in' ? staffState : undefined,
    });
    await ctx.addCookies([{ name: 'color-mode', value: mode, url: site.url }]);
    return ctx;
  }

  /**
   * Screens, overflow and target sizes of each page at each width; the full axe run (light mode) at 390 px and on
   * desktop. The phone widths share one page: each page loads once at 390 px and is then narrowed to 360 px.
   */
  async function checkLayoutAndAxe(state: 'out' | 'in', pages: PageType[]) {
    const problems: string[] = [];
    for (const widths of VIEWPORT_GROUPS) {
      const ctx = await contextFor(widths[0], state);
      const page = recordPage(await ctx.newPage());
      const initial = page.viewportSize()!;
      for (const t of pages) {
        if (page.viewportSize()!.width !== initial.width) await page.setViewportSize(initial);
        await page.goto(`${site.url}${t.path}`);
        await settle(page);
        for (const width of widths) {
          if (width !== initial.width) {
            await page.setViewportSize({ width, height: initial.height });
            await settle(page);
          }
          const where = `${state} ${t.name} (${t.path}) at ${width}px`;
          if (state === 'in') expect(new URL(page.url()).pathname, `${where} needs no new sign-in`).not.toBe('/auth/sign-in');
          await page.screenshot({ path: join(SHOTS, `${state === 'in' ? 'signed-in' : 'signed-out'}-${t.name}-${width}.png`), fullPage: true });
          const wide = await overflow(page);
          if (wide > 0) problems.push(`${where}: scrolls ${wide}px sideways`);
          const small = await smallTargets(page);
          if (small.length) problems.push(`${where}: targets under 24px: ${small.slice(0, 6).join('; ')}`);
          // axe at one phone width and on desktop (360 px differs from 390 px only in layout, checked above)
          if (AXE_WIDTHS.includes(width)) {
            const axe = await axeOn(page).withTags(WCAG_TAGS).analyze();
            if (axe.violations.length) problems.push(`${where}: axe\n  ${describeViolations(axe.violations)}`);
          }
        }
      }
      await ctx.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }

  /**
   * The contrast rule in the dark colour modes (light is covered by the full run). Each page loads
   * once in dark (the colour-mode cookie), then the theme on <html> switches to OLED and retro, the
   * way the footer's theme select switches it, and axe runs again.
   */
  async function checkContrast(state: 'out' | 'in', pages: PageType[]) {
    const problems: string[] = [];
    const ctx = await contextFor(1280, state, DARK_MODES[0]);
    const page = recordPage(await ctx.newPage());
    for (const t of pages) {
      await page.goto(`${site.url}${t.path}`);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme), `${t.name} in dark`).toBe('dark');
      for (const mode of DARK_MODES) {
        await page.evaluate((m) => {
          document.documentElement.dataset.theme = m;
        }, mode);
        const axe = await axeOn(page).withRules(['color-contrast']).analyze();
        if (axe.violations.length) problems.push(`${state} ${t.name} in ${mode}: ${describeViolations(axe.violations)}`);
      }
    }
    await ctx.close();
    expect(problems, problems.join('\n')).toEqual([]);
  }

  it('signed out: every page type fits 360 px to desktop, with 24 px targets and no axe violation', async () => {
    await checkLayoutAndAxe('out', signedOut);
  }, 600_000);

  it('signed in as staff: settings, dashboard and moderation pages too', async () => {
    await checkLayoutAndAxe('in', signedIn);
  }, 600_000);

  it('keeps text contrast in the dark, OLED and retro colour modes', async () => {
    await checkContrast('out', signedOut);
    await checkContrast('in', signedIn);
  }, 600_000);

  it('on a phone the search filters sit behind a Filters button that counts the active ones', async () => {
    const ctx = await contextFor(390, 'out');
    const page = recordPage(await ctx.newPage());
    await page.goto(`${site.url}/mods`);
    await settle(page);
    const button = page.getByRole('button', { name: /^Filters/ });
    const facets = page.locator('[data-facet="categories"]');
    // the first result comes before any filter checkbox
    await expect.poll(() => facets.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const firstCard = await page.getByTestId('project-card').first().boundingBox();
    expect(firstCard!.y).toBeLessThan(780);
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await facets.waitFor();
    const boxes = facets.locator('input[type="checkbox"]');
    // click, then wait for the address: the boxes are controlled by the URL, so their state follows it
    // a moment later (check() reads the state at once and can see the old one)
    await boxes.nth(0).click();
    await page.waitForURL((u) => u.searchParams.getAll('c').length === 1);
    await expect.poll(() => boxes.nth(0).isChecked()).toBe(true);
    await boxes.nth(1).click();
    await page.waitForURL((u) => u.searchParams.getAll('c').length === 2);
    await expect.poll(async () => (await button.innerText()).trim()).toBe('Filters (2)');
    // the count comes from the URL, so it is right on a fresh load, in Russian too
    await ctx.addCookies([{ name: 'language', value: 'ru', url: site.url }]);
    await page.reload();
    await settle(page);
    const ru = page.getByRole('button', { name: /^Фильтры/ });
    await expect.poll(async () => (await ru.innerText()).trim()).toBe('Фильтры (2)');
    expect(await facets.isVisible()).toBe(false);
    // on a desktop the filters show beside the results, without the button
    await page.setViewportSize({ width: 1280, height: 900 });
    await facets.waitFor();
    expect(await ru.isVisible()).toBe(false);
    await ctx.close();
  });
});

/**
 * Scheduled releases in a real browser on the whole site: the author schedules an approved project
 * from its settings (a visitor then gets 404), sees the pending time, cancels it; then schedules a
 * version from its edit page a few seconds ahead, and the site's scheduler releases it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { buildWebOnce, failFast, freePort, launchBrowser, loadStartSite, recordPage, removeDir } from './harness';

const startSite = await loadStartSite();
const ADMIN = { username: 'e2e_sched_admin', password: 'scheduled-e2e-password-1' };
const PASSWORD = 'correct-horse-battery-staple';

/** A datetime-local value (local time, to the second) `ms` from now. */
function localIn(ms: number): string {
  const d = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

describe.skipIf(!startSite)('scheduled releases in a real browser', () => {
  failFast();
  let site: { url: string; close(): Promise<void> };
  let url: string;
  let dataDir: string;
  let browser: Browser;
  let api: APIRequestContext;
  /** a visitor: no session cookie */
  let visitor: APIRequestContext;
  let page: Page;
  let project: { id: string; slug: string; version: string };

  beforeAll(async () => {
    await buildWebOnce();
    dataDir = mkdtempSync(join(tmpdir(), 'modshelf-e2e-scheduled-'));
    const port = await freePort();
    site = await startSite!({
      env: {
        PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent',
        ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password,
      },
    });
    url = site.url.replace(/\/$/, '');
    browser = await launchBrowser();
    api = (await browser.newContext()).request;
    visitor = (await browser.newContext()).request;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dataDir) removeDir(dataDir);
  }, 180_000);

  it('an approved project with a version (API)', async () => {
    const username = `sched_${Date.now() % 1_000_000_000}`;
    const created = await api.post(`${url}/v2/auth/create`, {
      data: { username, email: `${username}@example.com`, password: PASSWORD }, headers: { 'x-requested-with': 'e2e' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const auth = { authorization: (await created.json()).session as string, 'x-requested-with': 'e2e' };
    const slug = `later-${Date.now() % 100000}`;
    const p = await api.post(`${url}/v2/project`, {
      headers: auth,
      multipart: {
        data: JSON.stringify({
          slug, title: 'Later Mod', description: 'Released on time', body: '# Soon', categories: ['magic'], client_side: 'required',
          server_side: 'optional', license_id: 'MIT', project_type: 'mod', is_draft: true,
        }),
      },
    });
    expect(p.status(), await p.text()).toBe(200);
    const id = (await p.json()).id as string;
    const v = await api.post(`${url}/v2/version`, {
      headers: auth,
      multipart: {
        data: JSON.stringify({
          project_id: id, name: 'First', version_number: '1.0.0', changelog: 'initial', game_versions: ['1.11.4'], loaders: ['coreengine'],
          version_type: 'release', featured: false, dependencies: [], file_parts: ['file'],
        }),
        file: { name: 'later.jar', mimeType: 'application/java-archive', buffer: Buffer.from('jar of later') },
      },
    });
    expect(v.status(), await v.text()).toBe(200);
    expect((await api.patch(`${url}/v2/project/${id}`, { headers: auth, data: { status: 'processing' } })).status()).toBe(204);
    const admin = await api.post(`${url}/v2/auth/login`, { data: ADMIN, headers: { 'x-requested-with': 'e2e' } });
    const approved = await api.patch(`${url}/v2/project/${id}`, {
      headers: { authorization: (await admin.json()).session, 'x-requested-with': 'e2e' }, data: { status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(204);
    project = { id, slug, version: (await v.json()).id };

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ctx.setDefaultTimeout(60_000);
    page = recordPage(await ctx.newPage());
    await page.goto(`${url}/auth/sign-in?redirect=${encodeURIComponent(`/mod/${slug}/settings`)}`);
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === `/mod/${slug}/settings`);
  }, 120_000);

  it('the author schedules the project from its settings; visitors no longer see it; the team sees the time', async () => {
    const card = page.getByTestId('schedule-project');
    await card.getByTestId('schedule-time').fill(localIn(86_400_000));
    await card.getByTestId('schedule-status').selectOption('approved');
    await card.getByTestId('schedule-submit').click();
    await page.locator('[data-testid="project-status"][data-status="scheduled"]').first().waitFor();
    await card.getByTestId('schedule-pending').waitFor();
    const at = Date.parse((await card.getByTestId('schedule-pending').getAttribute('data-time'))!);
    expect(Math.abs(at - (Date.now() + 86_400_000))).toBeLessThan(600_000);
    expect((await visitor.get(`${url}/v2/project/${project.slug}`)).status()).toBe(404);
  }, 120_000);

  it('cancelling returns the project to public', async () => {
    const card = page.getByTestId('schedule-project');
    await card.getByTestId('schedule-cancel').click();
    await page.locator('[data-testid="project-status"][data-status="approved"]').first().waitFor();
    await expect.poll(async () => (await visitor.get(`${url}/v2/project/${project.slug}`)).status(), { timeout: 15_000 }).toBe(200);
  }, 120_000);

  it('a version scheduled a few seconds ahead from its edit page is released by the scheduler', async () => {
    await page.goto(`${url}/mod/${project.slug}/version/${project.version}/edit`);
    const card = page.getByTestId('schedule-version');
    await card.getByTestId('schedule-time').fill(localIn(8_000));
    await card.getByTestId('schedule-status').selectOption('listed');
    await card.getByTestId('schedule-submit').click();
    await card.getByTestId('schedule-pending').waitFor();
    expect((await visitor.get(`${url}/v2/version/${project.version}`)).status()).toBe(404);
    await expect.poll(async () => (await visitor.get(`${url}/v2/version/${project.version}`)).status(), { timeout: 30_000, interval: 250 }).toBe(200);
    expect((await (await visitor.get(`${url}/v2/version/${project.version}`)).json()).status).toBe('listed');
  }, 120_000);
});

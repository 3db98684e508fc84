/**
 * Revenue in a real browser against the whole site: a monetized, approved project's real downloads
 * (through the file route, from several client addresses) accrue revenue (site started with
 * REVENUE_HOLD_DAYS=0 and REVENUE_PER_DOWNLOAD_USD=10); the author sees it on /dashboard/revenue,
 * an over-balance withdrawal is refused in the UI, a withdrawal goes through with a fee preview and
 * confirmation, and the transfer shows in the history and in the per-year and per-method totals.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Site } from '../site/src/index';
import { buildWebOnce, failFast, freePort, launchBrowser, loadStartSite, removeDir } from './harness';

const startSite = await loadStartSite();
const ADMIN_USERNAME = 'revenuestaff';
const ADMIN_PASSWORD = 'staff-password-42';
const BOUNDARY = '----modshelf-revenue-e2e';

function multipart(parts: Array<{ name: string; filename?: string; body: Buffer | string }>): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename) head += `; filename="${p.filename}"`;
    head += `\r\nContent-Type: ${p.filename ? 'application/octet-stream' : 'application/json'}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

describe.skipIf(!startSite)('revenue from downloads and withdrawals in a real browser', () => {
  failFast();
  let site: Site;
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let url: string;
  const stamp = Date.now().toString(36);
  const username = `earner${stamp}`;
  const password = 'correct horse battery staple';
  const year = String(new Date().getUTCFullYear());

  const api = async (method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  beforeAll(async () => {
    await buildWebOnce();
    dataDir = mkdtempSync(join(tmpdir(), 'modshelf-e2e-revenue-'));
    const port = await freePort();
    site = (await startSite!({
      env: {
        PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent',
        ADMIN_USERNAME, ADMIN_PASSWORD, REVENUE_HOLD_DAYS: '0', REVENUE_PER_DOWNLOAD_USD: '10', PAYOUT_SETTLE_MS: '600000',
      },
    }));
    url = site.url.replace(/\/$/, '');
    browser = await launchBrowser();
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await ctx.newPage();
    page.setDefaultTimeout(60_000);
  }, 240_000);

  afterEach(async (c) => {
    if (c.task.result?.state === 'fail' && page) {
      console.error(`[revenue e2e] ${c.task.name}: at ${page.url()}\n${(await page.locator('main').innerText().catch(() => '')).slice(0, 1500)}`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dataDir) removeDir(dataDir);
  }, 180_000);

  it('accrues revenue from real downloads of a monetized, approved project', async () => {
    const { session } = await api('POST', '/v2/auth/create', null, { username, password, email: `${username}@example.org` });
    const me = await api('GET', '/v2/user', session);
    await site.credentials.setEmailVerified(me.id, true);
    const mp = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const project = await api('POST', '/v2/project', session, multipart([{ name: 'data', body: JSON.stringify({
      slug: `coin-lanterns-${stamp}`, title: `Coin Lanterns ${stamp}`, description: 'Lanterns that pay their way.', body: 'Lanterns.',
      project_type: 'mod', categories: [], additional_categories: [], client_side: 'required', server_side: 'unsupported',
      license_id: 'MIT', license_url: null, source_url: null, issues_url: null, wiki_url: null, discord_url: null, donation_urls: [],
      initial_versions: [], is_draft: true, requested_status: 'approved',
    }) }]), mp);
    const version = await api('POST', '/v2/version', session, multipart([
      { name: 'data', body: JSON.stringify({
        project_id: project.id, name: '1.0.0', version_number: '1.0.0', changelog: 'First', dependencies: [], game_versions: ['1.11.4'], version_type: 'release',
        loaders: ['coreengine'], featured: false, status: 'listed', file_parts: ['file0'], primary_file: 'file0',
      }) },
      { name: 'file0', filename: 'coin-lanterns-1.0.0.zip', body: Buffer.from(`coins ${stamp}`) },
    ]), mp);
    await api('PATCH', `/v2/project/${project.id}`, session, { status: 'processing' });
    const staff = await api('POST', '/v2/auth/login', null, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
    await api('PATCH', `/v2/project/${project.id}`, staff.session, { status: 'approved' });
    // three clients download the file: three counted downloads, $10 each
    const path = new URL(version.files[0].url).pathname;
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await site.app.inject({ method: 'GET', url: path, remoteAddress: ip })).statusCode).toBe(200);
    }
    // the counter flushes every 15 s; then the process manager credits the owner
    const deadline = Date.now() + 60_000;
    let balance = await api('GET', '/v2/payout/balance', session);
    while (balance.available !== '30' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      balance = await api('GET', '/v2/payout/balance', session);
    }
    expect(balance).toMatchObject({ available: '30', pending: '0', withdrawn_lifetime: '0' });
  }, 120_000);

  it('shows the balance on /dashboard/revenue after signing in', async () => {
    await page.goto(`${url}/auth/sign-in?redirect=${encodeURIComponent('/dashboard/revenue')}`);
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await page.waitForURL((u) => u.pathname === '/dashboard/revenue');
    expect(await page.getByTestId('revenue-available').innerText()).toBe('$30.00');
    expect(await page.getByTestId('revenue-pending').innerText()).toBe('$0.00');
    await page.getByTestId('revenue-no-withdrawals').waitFor();
  }, 120_000);

  it('refuses an over-balance withdrawal in the UI, then withdraws with a fee preview and confirmation', async () => {
    await page.getByTestId('revenue-withdraw-link').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/revenue/withdraw');
    expect(await page.getByTestId('withdraw-available').innerText()).toContain('$30.00');
    await page.getByLabel('Method').selectOption('paypal_us');
    await page.getByTestId('withdraw-amount').fill('45');
    await page.getByText('You do not have enough funds: at most $30.00 is available.').waitFor();
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
    // the server refuses it too
    const res = await page.request.post(`${url}/v2/payout`, { headers: { 'x-requested-with': 'test' }, data: { amount: 45, method: 'paypal', method_id: 'paypal_us' } });
    expect(res.status()).toBe(400);
    expect((await res.json()).description).toBe('You do not have enough funds to make this payout!');

    await page.getByTestId('withdraw-amount').fill('12.50');
    await page.getByTestId('withdraw-fee').getByText('Fee $0.25: you receive $12.25.').waitFor();
    await page.getByTestId('withdraw-recipient').fill(`${username}@example.org`);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-text').getByText(`Send $12.50 by PayPal to ${username}@example.org? The fee is $0.25.`).waitFor();
    await page.getByTestId('withdraw-confirm').click();
    await page.waitForURL((u) => u.pathname === '/dashboard/revenue/transfers');
    const row = page.getByTestId('transfer-row').first();
    await row.waitFor();
    expect(await row.getAttribute('data-method')).toBe('paypal');
    expect(await row.getAttribute('data-year')).toBe(year);
    expect(await row.getAttribute('data-status')).toBe('in-transit');
    expect(await row.innerText()).toContain('$12.50');
    expect(await row.innerText()).toContain('PayPal');
  }, 120_000);

  it('shows the withdrawal in the totals per year and per method', async () => {
    await page.getByTestId('revenue-transfers').getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/revenue');
    await page.getByTestId('revenue-chart').waitFor();
    expect(await page.getByTestId('revenue-available').innerText()).toBe('$17.50');
    expect(await page.getByTestId('revenue-withdrawn').innerText()).toBe('$12.50');
    expect(await page.getByTestId('revenue-by-year').locator(`tr[data-year="${year}"]`).innerText()).toContain('$12.50');
    const method = page.getByTestId('revenue-by-method').locator('tr[data-method="paypal"]');
    expect(await method.innerText()).toContain('PayPal');
    expect(await method.innerText()).toContain('$12.50');
  }, 120_000);
});

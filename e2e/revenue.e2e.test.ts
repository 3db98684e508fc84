/**
 * Revenue in a real browser against the whole site: a monetized, approved project's real downloads
 * (through the file route, from several client addresses) accrue revenue (site started with
 * REVENUE_HOLD_DAYS=0 and REVENUE_PER_DOWNLOAD_USD=10); the author sees it on /dashboard/revenue,
 * an over-balance withdrawal is refused in the UI, a withdrawal goes through with a fee preview and
 * confirmation, and the transfer shows in the history and in the per-year and per-method totals.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { failFast, useSite } from './harness';

describe('revenue from downloads and withdrawals in a real browser', () => {
  failFast();
  const env = useSite({ env: { REVENUE_HOLD_DAYS: '0', REVENUE_PER_DOWNLOAD_USD: '10', PAYOUT_SETTLE_MS: '600000' } });
  let page: Page;
  let url: string;
  let username: string;
  const stamp = Date.now().toString(36);
  const password = 'correct horse battery staple';
  const year = String(new Date().getUTCFullYear());

  beforeAll(async () => {
    url = env.url;
    page = await env.newPage({ timeout: 60_000 });
  });

  it('accrues revenue from real downloads of a monetized, approved project', async () => {
    const api = await env.api();
    const author = await api.signUp('earner', password);
    username = author.username;
    const get = async (path: string) => (await api.request.get(`${url}${path}`, { headers: author.auth })).json();
    const me = await get('/v2/user');
    await env.site.credentials.setEmailVerified(me.id, true);
    const project = await api.createProject(author.auth, {
      slug: `coin-lanterns-${stamp}`,
      title: `Coin Lanterns ${stamp}`,
      description: 'Lanterns that pay their way.',
      body: 'Lanterns.',
      categories: [],
      additional_categories: [],
      server_side: 'unsupported',
      license_url: null,
      source_url: null,
      issues_url: null,
      wiki_url: null,
      discord_url: null,
      donation_urls: [],
      initial_versions: [],
      requested_status: 'approved',
    });
    const version = await api.uploadVersion(
      author.auth,
      project.id,
      { name: 'coin-lanterns-1.0.0.zip', body: `coins ${stamp}`, mimeType: 'application/octet-stream' },
      {
        name: '1.0.0',
        changelog: 'First',
        status: 'listed',
        primary_file: 'file',
      },
    );
    await api.submit(author.auth, project.id);
    await api.approveAsStaff(project.id);
    // three clients download the file: three counted downloads, $10 each
    const path = new URL(version.files[0].url).pathname;
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await env.site.app.inject({ method: 'GET', url: path, remoteAddress: ip })).statusCode).toBe(200);
    }
    // the counter flushes every 15 s; then the process manager credits the owner
    const deadline = Date.now() + 60_000;
    let balance = await get('/v2/payout/balance');
    while (balance.available !== '30' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      balance = await get('/v2/payout/balance');
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
    const res = await page.request.post(`${url}/v2/payout`, {
      headers: { 'x-requested-with': 'test' },
      data: { amount: 45, method: 'paypal', method_id: 'paypal_us' },
    });
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

/**
 * Moderation in a real browser on the whole site (API + web, one port): a staff member signs in,
 * approves a submitted project in /moderation/review, the project appears in search, and the audit
 * timeline shows the status change with its actor and the state "as of" before the approval.
 */
import { describe, expect, it } from 'vitest';
import { failFast, SiteApi, STAFF as ADMIN, useSite } from './harness';

describe('moderation in a real browser', () => {
  failFast();
  const env = useSite();

  /** An author signs up, creates a project with a version and submits it for review (API only). */
  async function submittedProject(api: SiteApi, title: string) {
    const author = await api.signUp('author');
    const { id, slug, position } = await api.submittedProject(
      author.auth,
      { title, description: 'A mod waiting for a moderator' },
      { name: 'review-me.jar', body: `jar of ${title}` },
    );
    // read-your-writes: the projections have the project in processing before anyone looks for it
    const seen = await api.request.get(`${api.url}/v2/project/${id}?min_position=${position}`, { headers: author.auth });
    expect((await seen.json()).status).toBe('processing');
    return { id, slug, username: author.username };
  }

  it('a staff member approves a submitted project; it shows in search and in the audit timeline', async () => {
    const { url, browser } = env;
    const title = `Review Me ${Date.now() % 100000}`;
    const authorCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { id } = await submittedProject(new SiteApi(authorCtx.request, url), title);

    // a signed-in non-staff user gets the error screen
    authorCtx.setDefaultTimeout(15_000);
    const author = await authorCtx.newPage();
    await author.goto(`${url}/moderation/review`);
    await author.locator('.ms-error', { hasText: 'Only moderators and administrators can open this page.' }).waitFor();
    expect(await author.locator('.ms-error__heading').innerText()).toBe('An error occurred!');
    await authorCtx.close();

    // anonymous: sent to sign in and back
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ctx.setDefaultTimeout(15_000);
    const page = await ctx.newPage();
    await page.goto(`${url}/moderation/review`);
    await page.waitForURL((u) => u.pathname === '/auth/sign-in' && u.searchParams.get('redirect') === '/moderation/review');
    await page.getByLabel('Email or username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/moderation/review');
    // staff get a way in from the header
    await page.locator('header').getByRole('link', { name: 'Moderation' }).waitFor();

    // the queue holds the project; not yet in search
    const item = page.locator(`[data-testid="queue-item"][data-project-id="${id}"]`);
    await item.waitFor();
    await item.getByText(title).waitFor();
    const before = await (await page.request.get(`${url}/v2/search?query=${encodeURIComponent(title)}`)).json();
    expect(before.hits.map((h: { project_id: string }) => h.project_id)).not.toContain(id);

    // claim it (the advisory review lock), then decide
    await item.getByRole('button', { name: 'Claim for review' }).click();
    await page.locator(`[data-testid="queue-item"][data-project-id="${id}"][data-locked="mine"]`).getByText('You are reviewing this').waitFor();
    const lock = await (await page.request.get(`${url}/v2/moderation/lock/${id}`)).json();
    expect(lock).toMatchObject({ locked: true, locked_by: { username: ADMIN.username } });

    await item.getByLabel('Message to the authors (optional)').fill('Welcome aboard!');
    await item.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.shell-toast', { hasText: `${title}: approved` }).waitFor();
    await item.waitFor({ state: 'detached' });

    // now listed: the search page finds it
    await page.goto(`${url}/mods?q=${encodeURIComponent(title)}`);
    await page.getByTestId('project-card').filter({ hasText: title }).first().waitFor();

    // the audit timeline shows the change with its actor
    await page.goto(`${url}/moderation/audit/project/${id}`);
    const change = page.locator('[data-testid="timeline-entry"][data-type="ProjectStatusChanged"]', { hasText: 'processing → approved' });
    await change.waitFor();
    expect(await change.getByTestId('event-actor').innerText()).toBe(ADMIN.username);
    const submitted = page.locator('[data-testid="timeline-entry"][data-type="ProjectStatusChanged"]', { hasText: 'draft → processing' });
    await submitted.waitFor();

    // as of just before the approval: processing; after it: approved with the message
    await change.getByRole('button', { name: 'State before' }).click();
    await page.waitForURL((u) => u.searchParams.has('as_of'));
    await page.locator('[data-testid="asof-status"] dd', { hasText: /^processing$/ }).waitFor();
    await change.getByRole('button', { name: 'State after' }).click();
    await page.locator('[data-testid="asof-status"] dd', { hasText: /^approved$/ }).waitFor();
    expect(await page.locator('[data-testid="asof-moderator_message"] dd').innerText()).toBe('Welcome aboard!');

    // the overview counts follow
    await page.goto(`${url}/moderation`);
    expect(await page.getByTestId('stat-queue').locator('strong').innerText()).toBe('0');
    await ctx.close();
  }, 120_000);

  it('a staff member closes a report with a message and reopens it; admin billing answers User not found', async () => {
    const { url, browser } = env;
    const reporterCtx = await browser.newContext();
    const { id: projectId } = await submittedProject(new SiteApi(reporterCtx.request, url), `Reported ${Date.now() % 100000}`);
    // the author reports their own project (any signed-in user may report what they can see)
    const me = await (await reporterCtx.request.get(`${url}/v2/user`)).json();
    const filed = await reporterCtx.request.post(`${url}/v2/report`, {
      headers: { 'x-requested-with': 'e2e' },
      data: { report_type: 'spam', item_id: projectId, item_type: 'project', body: 'Spam, spam, spam (browser test).' },
    });
    expect(filed.status(), await filed.text()).toBe(200);
    const reportId = (await filed.json()).id as string;
    await reporterCtx.close();

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ctx.setDefaultTimeout(15_000);
    const login = await ctx.request.post(`${url}/v2/auth/login`, { data: ADMIN, headers: { 'x-requested-with': 'e2e' } });
    expect(login.status(), await login.text()).toBe(200);
    const page = await ctx.newPage();
    await page.goto(`${url}/moderation/reports`);
    await page.getByTestId('report-row').filter({ hasText: projectId }).getByRole('link', { name: 'spam' }).click();
    await page.waitForURL((u) => u.pathname === `/moderation/report/${reportId}`);
    await page.locator('.mod-body', { hasText: 'Spam, spam, spam (browser test).' }).waitFor();
    await page.getByTestId('report').locator('a', { hasText: me.username }).waitFor();
    // the report's thread with the reporter, on the same page
    const thread = page.getByTestId('report-thread');
    await thread.getByText('No messages yet.').waitFor();
    await thread.getByLabel('Your message (markdown)').fill('Could you tell us _where_ the spam is?');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.locator('[data-testid="thread-message"] em', { hasText: 'where' }).waitFor();
    await page.getByLabel('Message to the reporter (optional)').fill('Thanks, handled.');
    await page.getByRole('button', { name: 'Close report' }).click();
    await page.getByTestId('report-status').filter({ hasText: 'Closed' }).waitFor();
    const closed = page.locator('[data-testid="timeline-entry"][data-type="ReportClosed"]', { hasText: 'Thanks, handled.' });
    await closed.waitFor();
    expect(await closed.getByTestId('event-actor').innerText()).toBe(ADMIN.username);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByTestId('report-status').filter({ hasText: 'Open' }).waitFor();
    await page.locator('[data-testid="timeline-entry"][data-type="ReportReopened"]').waitFor();

    await page.goto(`${url}/admin/billing/nobody_by_that_name`);
    await page.locator('.ms-error__message', { hasText: 'User not found' }).waitFor();
    await page.goto(`${url}/admin/billing/${ADMIN.username}`);
    await page.getByRole('heading', { name: `Billing of ${ADMIN.username}` }).waitFor();
    await ctx.close();
  }, 120_000);
});

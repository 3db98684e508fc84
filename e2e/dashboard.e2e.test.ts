/**
 * The author's publishing path in a real browser (Debian chromium) against the whole site (API + web):
 * anonymous /dashboard -> sign in page -> sign up -> back on the dashboard -> create a project from the
 * dashboard -> its settings -> a version with a dropped file from version/{version}-new -> submit for
 * review -> the status badge -> staff approve it through the API -> the project is in search -> the
 * author edits the description and the project page shows the new text at once (read-your-writes); a
 * member invited from the members tab accepts from their dashboard notifications; gallery, version edit
 * and a new project URL.
 * Also the dashboard's other pages: notifications, collections, organizations, analytics, revenue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { failFast, useSite } from './harness';

/** Submits the sign-up form: on to the welcome page, or the form's error at once (not a long wait for "Continue"). */
async function createAccount(p: Page): Promise<void> {
  await p.getByRole('button', { name: 'Create account' }).click();
  const error = p.locator('form').getByRole('alert');
  await p.getByRole('link', { name: 'Continue' }).or(error).first().waitFor();
  if (await error.isVisible()) throw new Error(`sign-up answered: ${await error.innerText()}`);
}

describe('the author dashboard and publishing flow in a real browser', () => {
  failFast();
  const env = useSite();
  let page: Page;
  let url: string;
  const stamp = Date.now().toString(36);
  const username = `author${stamp}`;
  const password = 'correct horse battery staple';
  const title = `Lantern Tweaks ${stamp}`;
  const slug = `lantern-tweaks-${stamp}`;
  let projectId = '';

  const api = (path: string, init: RequestInit = {}) => fetch(`${url}${path}`, init);

  beforeAll(async () => {
    url = env.url;
    // the shared machine is loaded: first loads of a part can take a while
    page = await env.newPage({ timeout: 60_000 });
  });

  it('sends an anonymous visitor to sign in, and back to the dashboard after signing up', async () => {
    await page.goto(`${url}/dashboard/projects`);
    await page.waitForURL((u) => u.pathname === '/auth/sign-in' && u.searchParams.get('redirect') === '/dashboard/projects');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/sign-up');
    // the URL changes before the screen does: fill the sign-up form itself, never the sign-in form
    // still on screen (its "Email or username" field matched a loose "Username" label)
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(`${username}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await createAccount(page);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/projects');
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    await page.getByText('You have no projects yet.').waitFor();
  }, 180_000);

  it('creates a project from the dashboard and lands on its settings as a draft', async () => {
    await page.getByTestId('create-project').click();
    const dialog = page.getByRole('dialog', { name: 'Create a project' });
    await dialog.getByLabel('Name').fill(title);
    // the URL follows the name until edited
    expect(await dialog.getByLabel('URL').inputValue()).toBe(slug);
    await dialog.getByLabel('Summary').fill('Lanterns that flicker in the wind.');
    await dialog.getByLabel('Project type').selectOption('mod');
    await dialog.getByLabel('Visibility').selectOption('approved');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((u) => u.pathname === `/mod/${slug}/settings`);
    await page.getByTestId('project-settings').waitFor();
    expect(await page.getByTestId('project-status').first().getAttribute('data-status')).toBe('draft');
    projectId = (await page.locator('[data-project-id]').first().getAttribute('data-project-id')) ?? '';
    expect(projectId).not.toBe('');
    // nothing to review yet: submitting needs a version
    expect(await page.getByTestId('submit-review').isDisabled()).toBe(true);
    await page.getByText('Upload at least one version before submitting for review.').waitFor();
    // the dashboard lists it with its badge
    await page.goto(`${url}/dashboard/projects`);
    const row = page.locator(`[data-testid="project-row"][data-project-id="${projectId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('status-badge').getAttribute('data-status')).toBe('draft');
  }, 180_000);

  it('uploads a version with a dropped file from the version-new page', async () => {
    await page.goto(`${url}/mod/${slug}/settings/versions`);
    await page.getByTestId('new-version').click();
    await page.waitForURL((u) => u.pathname === `/mod/${slug}/version/1.0.0-new`);
    const form = page.getByTestId('version-create');
    await form.waitFor();
    expect(await form.getByLabel('Version number').inputValue()).toBe('1.0.0');
    // drag and drop a file onto the drop zone
    const content = `lantern tweaks ${stamp}`;
    const dt = await page.evaluateHandle((text) => {
      const d = new DataTransfer();
      d.items.add(new File([text], 'lantern-tweaks-1.0.0.zip', { type: 'application/zip' }));
      return d;
    }, content);
    await form.getByTestId('file-drop').dispatchEvent('drop', { dataTransfer: dt });
    await form.getByTestId('staged-file').getByText('lantern-tweaks-1.0.0.zip').waitFor();
    await form.getByLabel('Version name').fill('First light');
    await form.getByLabel('Beta').check();
    await form.getByLabel('Core Engine').check();
    await form.getByLabel('1.11.4').check();
    await form.getByLabel('Changelog').fill('The first release.');
    await form.getByRole('button', { name: 'Publish version' }).click();
    await page.waitForURL((u) => u.pathname.startsWith(`/mod/${slug}/version/`) && !u.pathname.endsWith('-new'));
    await page.getByRole('heading', { name: 'First light' }).waitFor();
    const file = page.getByTestId('version-file').first();
    await file.getByText('lantern-tweaks-1.0.0.zip').waitFor();
    // the uploaded bytes are what the CDN serves
    const href = await file.getByRole('link', { name: 'Download' }).getAttribute('href');
    // (a draft's files are served to its team only: the browser context carries the session cookie)
    expect(await (await page.request.get(new URL(href!, url).toString())).text()).toBe(content);
  }, 180_000);

  it('submits the project for review and shows the badge', async () => {
    await page.goto(`${url}/mod/${slug}/settings`);
    const submit = page.getByTestId('submit-review');
    await submit.waitFor();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await expect.poll(() => page.getByTestId('project-status').first().getAttribute('data-status')).toBe('processing');
    await page.getByText('Your project is in the moderation queue.').waitFor();
    await page.goto(`${url}/dashboard/projects`);
    const badge = page.locator(`[data-testid="project-row"][data-project-id="${projectId}"]`).getByTestId('status-badge');
    await badge.waitFor();
    expect(await badge.getAttribute('data-status')).toBe('processing');
    expect((await badge.innerText()).trim()).toBe('Under review');
    // not in search while under review
    const hits = await (await api(`/v2/search?query=${encodeURIComponent(title)}`)).json();
    expect(hits.hits.map((h: { project_id: string }) => h.project_id)).not.toContain(projectId);
  }, 180_000);

  it('is approved by staff through the API and then appears in search', async () => {
    const position = await (await env.api()).approveAsStaff(projectId);
    const hits = await (await api(`/v2/search?query=${encodeURIComponent(title)}&min_position=${position}`)).json();
    expect(hits.hits.map((h: { project_id: string }) => h.project_id)).toContain(projectId);

    // in the browser: the search page finds it, and the dashboard badge says public
    await page.goto(`${url}/mods?q=${encodeURIComponent(title)}`);
    await page.getByTestId('project-card').filter({ hasText: title }).first().waitFor();
    await page.goto(`${url}/dashboard/projects`);
    const badge = page.locator(`[data-testid="project-row"][data-project-id="${projectId}"]`).getByTestId('status-badge');
    await expect.poll(() => badge.getAttribute('data-status')).toBe('approved');
  }, 180_000);

  it('edits the description with a preview and sees the new text on the project page at once', async () => {
    await page.goto(`${url}/mod/${slug}/settings/description`);
    const text = `Flickering lanterns, edition ${stamp}.`;
    await page.getByLabel('Body (Markdown)').fill(`# Lanterns\n\n${text}`);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByTestId('description-preview').getByRole('heading', { name: 'Lanterns' }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();
    // straight to the description tab, no reload
    await page.locator('nav.cat-tabs').getByRole('link', { name: 'Description', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/mod/${slug}`);
    await page.getByTestId('project-body').getByText(text).waitFor();
    // and after a full reload too
    await page.reload();
    await page.getByTestId('project-body').getByText(text).waitFor();
  }, 180_000);

  it('invites a member from the members tab; the invitee accepts from the dashboard notifications', async () => {
    const invitee = `helper${stamp}`;
    const other = await env.newPage({ timeout: 60_000 });
    const ctx2 = other.context();
    try {
      await other.goto(`${url}/auth/sign-up?redirect=%2Fdashboard%2Fnotifications`);
      await other.getByRole('heading', { name: 'Create an account' }).waitFor();
      await other.getByLabel('Username', { exact: true }).fill(invitee);
      await other.getByLabel('Email', { exact: true }).fill(`${invitee}@example.org`);
      await other.getByLabel('Password', { exact: true }).fill(password);
      await other.getByLabel('Confirm password').fill(password);
      await createAccount(other);
      await other.getByRole('link', { name: 'Continue' }).click();
      await other.waitForURL((u) => u.pathname === '/dashboard/notifications');
      await other.getByTestId('notifications-empty').waitFor();

      // the author invites them
      await page.goto(`${url}/mod/${slug}/settings/members`);
      const form = page.getByRole('form', { name: 'Invite a member' });
      await form.getByLabel('Username').fill(invitee);
      await form.getByRole('button', { name: 'Invite' }).click();
      await page.getByText('Invitation sent').first().waitFor();

      // the invitee sees the invite and accepts it; it then sits in the history
      await other.reload();
      const invite = other.locator('[data-testid="notification"][data-type="team_invite"]');
      await invite.waitFor();
      await invite.getByRole('button', { name: 'Accept' }).click();
      await other.getByText('Invitation accepted').first().waitFor();
      await other.getByTestId('notifications-empty').waitFor();
      await other.getByRole('link', { name: 'View history' }).click();
      await other.locator('[data-testid="notification"][data-type="team_invite"]').waitFor();

      // now a member: the project is on their dashboard and its settings are open to them
      await other.goto(`${url}/dashboard/projects`);
      await other.locator(`[data-testid="project-row"][data-project-id="${projectId}"]`).waitFor();
      await other.goto(`${url}/mod/${slug}/settings/members`);
      await other.getByTestId('project-settings').waitFor();
      await other.getByTestId('member').filter({ hasText: invitee }).waitFor();
    } finally {
      await ctx2.close();
    }
  }, 180_000);

  it('shows the other dashboard pages with real data', async () => {
    await page.goto(`${url}/dashboard`);
    await page.getByTestId('home-projects').getByText(title).waitFor();

    await page.goto(`${url}/dashboard/analytics`);
    await page.getByTestId('analytics-chart').locator('svg').first().waitFor();
    await page.getByTestId('analytics-table').getByText(title).waitFor();

    // collections: create, then make it private
    await page.goto(`${url}/dashboard/collections`);
    await page.getByRole('button', { name: 'Create a collection' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create a collection' });
    await dialog.getByLabel('Name').fill('Night builds');
    await dialog.getByLabel('Description').fill('Mods for dark worlds');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const card = page.getByTestId('collection').filter({ hasText: 'Night builds' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit collection' });
    await dialog.getByLabel('Visibility').selectOption('private');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Private').waitFor();

    // organizations
    await page.goto(`${url}/dashboard/organizations`);
    await page.getByRole('button', { name: 'Create an organization' }).click();
    dialog = page.getByRole('dialog', { name: 'Create an organization' });
    await dialog.getByLabel('Name').fill(`Lamp Works ${stamp}`);
    await dialog.getByLabel('Summary').fill('We make lamps.');
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/organization/'));
    await page.goto(`${url}/dashboard/organizations`);
    await page
      .getByTestId('organization')
      .filter({ hasText: `Lamp Works ${stamp}` })
      .waitFor();

    // notifications (the approval may or may not notify; the page answers either way) and reports
    await page.goto(`${url}/dashboard/notifications`);
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    await page.getByRole('link', { name: 'View history' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/notifications/history');
    await page.goto(`${url}/dashboard/reports`);
    await page.getByText('You have no active reports.').waitFor();
    // a report filed with the browser's session shows up, and opens
    const filed = await page.request.post(`${url}/v2/report`, {
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'modshelf' },
      data: { report_type: 'spam', item_id: projectId, item_type: 'project', body: `Testing reports ${stamp}` },
    });
    expect(filed.status()).toBe(200);
    // filed outside the page: wait for the read side before reloading it
    await page.request.get(`${url}/v2/report?min_position=${filed.headers()['x-modshelf-position']}`);
    await page.reload();
    const report = page.getByTestId('report').first();
    await report.getByText(`Project ${title} reported for Spam`).waitFor();
    await report.getByRole('link').click();
    await page.getByTestId('report-page').getByText(`Testing reports ${stamp}`).waitFor();

    // the revenue pages answer from /v2/payout (e2e/revenue.e2e.test.ts follows the money)
    await page.goto(`${url}/dashboard/revenue/withdraw`);
    await page.getByTestId('withdraw-available').waitFor();
  }, 180_000);
  it('manages the gallery, edits a version, and moves the project to a new URL', async () => {
    // a gallery image, featured
    await page.goto(`${url}/mod/${slug}/settings/gallery`);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const add = page.getByRole('form', { name: 'Add an image' });
    await add.getByLabel('Image').setInputFiles({ name: 'dusk.png', mimeType: 'image/png', buffer: png });
    await add.getByLabel('Title').fill('Dusk');
    await add.getByLabel('Featured').check();
    await add.getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('gallery-item').filter({ hasText: 'Dusk' }).waitFor();
    await page.locator('nav.cat-tabs').getByRole('link', { name: 'Gallery', exact: true }).waitFor();

    // an icon, from the general tab
    await page.goto(`${url}/mod/${slug}/settings`);
    await page.getByRole('form', { name: 'General' }).locator('input[type="file"]').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Icon updated').first().waitFor();
    await page.locator('.cat-project__header img').first().waitFor();
    expect(await page.locator('.cat-project__header img').first().getAttribute('src')).toMatch(/\/cdn\/data\/.+\/icons\//);

    // the version's name, through version/{version}/edit
    await page.goto(`${url}/mod/${slug}/version/1.0.0/edit`);
    const form = page.getByTestId('version-edit');
    await form.getByLabel('Version name').fill('First light, fixed');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();
    await form.getByRole('link', { name: 'View version' }).click();
    await page.getByRole('heading', { name: 'First light, fixed' }).waitFor();

    // a new URL: the settings follow it, and the old one is gone
    await page.goto(`${url}/mod/${slug}/settings`);
    const moved = `${slug}-moved`;
    await page.getByRole('form', { name: 'General' }).getByLabel('URL').fill(moved);
    await page.getByRole('form', { name: 'General' }).getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((u) => u.pathname === `/mod/${moved}/settings`);
    await page.getByTestId('project-settings').waitFor();
    expect((await api(`/v2/project/${moved}`)).status).toBe(200);
  }, 180_000);
});

/**
 * Threads in a real browser on the whole site (API + web, one port): the author writes to the
 * moderators from the project's moderation tab (status, queue position, estimated wait); a staff
 * member reads and answers on the review screen, leaves a private note and rejects; the author sees
 * the decision recorded in the thread (not the note) and resubmits. Then, on the approved project's
 * comments tab, a visitor is asked to sign in, a signed-in user comments (markdown rendered,
 * sanitized) and deletes their comment.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { buildWebOnce, freePort, launchBrowser, loadStartSite, removeDir } from './harness';

const startSite = await loadStartSite();
const ADMIN = { username: 'e2e_thread_admin', password: 'threads-e2e-password-1' };
const PASSWORD = 'correct-horse-battery-staple';

describe.skipIf(!startSite)('threads in a real browser', () => {
  let site: { url: string; close(): Promise<void> };
  let url: string;
  let dataDir: string;
  let browser: Browser;
  let current: Page | null = null;

  beforeAll(async () => {
    await buildWebOnce();
    dataDir = mkdtempSync(join(tmpdir(), 'modshelf-e2e-threads-'));
    const port = await freePort();
    site = await startSite!({
      env: {
        PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'silent',
        ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password,
      },
    });
    url = site.url.replace(/\/$/, '');
    browser = await launchBrowser();
  }, 240_000);

  afterEach(async (c) => {
    if (c.task.result?.state === 'fail' && current) {
      console.error(`[threads e2e] ${c.task.name}: at ${current.url()}\n${(await current.locator('main').innerText().catch(() => '')).slice(0, 1500)}`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dataDir) removeDir(dataDir);
  }, 180_000);

  async function signUp(request: APIRequestContext, prefix: string) {
    const username = `${prefix}_${Date.now() % 1_000_000_000}`;
    const created = await request.post(`${url}/v2/auth/create`, {
      data: { username, email: `${username}@example.com`, password: PASSWORD },
      headers: { 'x-requested-with': 'e2e' },
    });
    expect(created.status(), await created.text()).toBe(200);
    return { username, auth: { authorization: (await created.json()).session as string, 'x-requested-with': 'e2e' } };
  }

  /** The author's project with a version, submitted for review (API only). */
  async function submittedProject(request: APIRequestContext, auth: Record<string, string>, title: string) {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const project = await request.post(`${url}/v2/project`, {
      headers: auth,
      multipart: {
        data: JSON.stringify({
          slug, title, description: 'A mod with things to discuss', body: '# Hello', categories: ['magic'], client_side: 'required',
          server_side: 'optional', license_id: 'MIT', project_type: 'mod', is_draft: true,
        }),
      },
    });
    expect(project.status(), await project.text()).toBe(200);
    const id = (await project.json()).id as string;
    const version = await request.post(`${url}/v2/version`, {
      headers: auth,
      multipart: {
        data: JSON.stringify({
          project_id: id, name: 'First', version_number: '1.0.0', changelog: 'initial', game_versions: ['1.11.4'], loaders: ['coreengine'],
          version_type: 'release', featured: false, dependencies: [], file_parts: ['file'],
        }),
        file: { name: 'talk.jar', mimeType: 'application/java-archive', buffer: Buffer.from(`jar of ${title}`) },
      },
    });
    expect(version.status(), await version.text()).toBe(200);
    const submit = await request.patch(`${url}/v2/project/${id}`, { headers: auth, data: { status: 'processing' } });
    expect(submit.status(), await submit.text()).toBe(204);
    return { id, slug };
  }

  async function signedIn(username: string, password: string, path: string): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ctx.setDefaultTimeout(60_000);
    const page = await ctx.newPage();
    current = page;
    await page.goto(`${url}/auth/sign-in?redirect=${encodeURIComponent(path)}`);
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === path);
    return page;
  }

  let project: { id: string; slug: string };
  let authorName: string;
  let authorAuth: Record<string, string>;
  const title = `Talk To Me ${Date.now() % 100000}`;

  it('the author writes to the moderators; staff answer on the review screen, note privately and reject; the author sees it and resubmits', async () => {
    const api = (await browser.newContext()).request;
    const author = await signUp(api, 'talker');
    authorName = author.username;
    authorAuth = author.auth;
    project = await submittedProject(api, author.auth, title);

    // the author's moderation tab: status, queue, and the thread (submission recorded)
    const page = await signedIn(authorName, PASSWORD, `/mod/${project.slug}/moderation`);
    await page.getByTestId('moderation-status').getByText('processing').waitFor();
    await page.getByTestId('moderation-queue').getByText('Position 1 of 1 in the review queue').waitFor();
    await page.getByTestId('moderation-queue').getByText(/Estimated wait: unknown/).waitFor();
    const thread = page.getByTestId('thread-conversation');
    await thread.locator('[data-type="status_change"]', { hasText: 'Changed the status from draft to processing' }).waitFor();
    await thread.getByLabel('Your message (markdown)').fill('Please have a look, it is **ready**.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.locator('[data-testid="thread-message"] strong', { hasText: 'ready' }).waitFor();
    expect(await page.getByRole('button', { name: 'Resubmit for review' }).count()).toBe(0);

    // staff: the review screen shows the same thread; answer, leave a private note, reject
    const mod = await signedIn(ADMIN.username, ADMIN.password, '/moderation/review');
    const item = mod.locator(`[data-testid="queue-item"][data-project-id="${project.id}"]`);
    await item.getByTestId('review-thread').locator('summary').click();
    const staffThread = item.getByTestId('thread-conversation');
    await staffThread.getByText('Please have a look, it is').waitFor();
    await staffThread.getByLabel('Your message (markdown)').fill('The description needs more detail.');
    await staffThread.getByRole('button', { name: 'Send' }).click();
    await staffThread.getByText('The description needs more detail.').waitFor();
    await staffThread.getByLabel('Your message (markdown)').fill('Note to staff: author seems new.');
    await staffThread.getByLabel('Private note (only staff see it)').check();
    await staffThread.getByRole('button', { name: 'Send' }).click();
    await staffThread.locator('[data-testid="thread-message"]', { hasText: 'Note to staff' }).getByText('Private note', { exact: true }).waitFor();
    await item.getByLabel('Message to the authors (optional)').fill('Please improve the description');
    await item.getByRole('button', { name: 'Reject' }).click();
    await item.waitFor({ state: 'detached' });

    // the author: rejected, the moderator's message and reply, the decision in the thread, not the private note
    await page.reload();
    await page.getByTestId('moderation-status').getByText('rejected').waitFor();
    await page.getByTestId('moderator-message').getByText('Please improve the description').waitFor();
    await thread.getByText('The description needs more detail.').waitFor();
    await thread.locator('[data-type="status_change"]', { hasText: 'Changed the status from processing to rejected' }).waitFor();
    expect(await thread.getByText('Note to staff').count()).toBe(0);
    // the author was told (notification from the moderators)
    const notes = await (await page.request.get(`${url}/v2/user/${authorName}/notifications`, { headers: authorAuth })).json();
    expect(notes.some((n: { type: string; title: string }) => n.type === 'moderator_message' && n.title.includes(title))).toBe(true);

    await page.getByRole('button', { name: 'Resubmit for review' }).click();
    await page.getByTestId('moderation-status').getByText('processing').waitFor();
    await thread.locator('[data-type="status_change"]', { hasText: 'Changed the status from rejected to processing' }).waitFor();
    await page.context().close();
    await mod.context().close();
  }, 240_000);

  it('comments: visitors read and are asked to sign in; a signed-in user comments (sanitized markdown) and deletes it', async () => {
    // staff approve through the API (the review screen is covered above)
    const admin = await browser.newContext();
    const signIn = await admin.request.post(`${url}/v2/auth/login`, { data: { username: ADMIN.username, password: ADMIN.password }, headers: { 'x-requested-with': 'e2e' } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const approved = await admin.request.patch(`${url}/v2/project/${project.id}`, {
      headers: { authorization: (await signIn.json()).session, 'x-requested-with': 'e2e' }, data: { status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(204);
    await admin.close();

    const visitorCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    visitorCtx.setDefaultTimeout(60_000);
    const visitor = await visitorCtx.newPage();
    current = visitor;
    await visitor.goto(`${url}/mod/${project.slug}/comments`);
    const comments = visitor.getByTestId('thread-comments');
    await comments.getByText('No comments yet.').waitFor();
    await comments.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    expect(await comments.locator('textarea').count()).toBe(0);
    // the moderation tab is the team's
    expect(await visitor.getByRole('link', { name: 'Moderation', exact: true }).count()).toBe(0);
    await visitorCtx.close();

    const fan = await signUp((await browser.newContext()).request, 'fan');
    const page = await signedIn(fan.username, PASSWORD, `/mod/${project.slug}/comments`);
    const thread = page.getByTestId('thread-comments');
    await thread.getByLabel('Your comment (markdown)').fill('This is **great**! <img src="x" onerror="window.__xss = 1">');
    await thread.getByRole('button', { name: 'Post comment' }).click();
    const mine = thread.locator('[data-testid="thread-message"]', { hasText: 'This is' });
    await mine.locator('strong', { hasText: 'great' }).waitFor();
    expect(await mine.locator('[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as Window & { __xss?: number }).__xss)).toBeUndefined();
    // the team is told
    const notes = await (await page.request.get(`${url}/v2/user/${authorName}/notifications`, { headers: authorAuth })).json();
    expect(notes.some((n: { title: string }) => n.title.includes(`**${fan.username}** commented`))).toBe(true);

    page.once('dialog', (d) => d.accept());
    await mine.getByRole('button', { name: 'Delete' }).click();
    await thread.getByText('This message was deleted.').waitFor();
    expect(await thread.getByText('This is').count()).toBe(0);
    await page.context().close();
  }, 240_000);

  it("a report's thread: staff ask, the reporter reads and answers on their report page", async () => {
    const api = (await browser.newContext()).request;
    const reporter = await signUp(api, 'reporter');
    const filed = await api.post(`${url}/v2/report`, {
      headers: reporter.auth, data: { report_type: 'spam', item_id: project.id, item_type: 'project', body: 'Looks like spam to me.' },
    });
    expect(filed.status(), await filed.text()).toBe(200);
    const report = (await filed.json()) as { id: string; thread_id: string };
    const login = await api.post(`${url}/v2/auth/login`, { data: { username: ADMIN.username, password: ADMIN.password }, headers: { 'x-requested-with': 'e2e' } });
    const staff = { authorization: (await login.json()).session as string, 'x-requested-with': 'e2e' };
    const asked = await api.post(`${url}/v2/thread/${report.thread_id}`, { headers: staff, data: { type: 'text', body: 'Which version has the spam?' } });
    expect(asked.status(), await asked.text()).toBe(204);
    // another user cannot read it
    const fan = await signUp(api, 'nosy');
    expect((await api.get(`${url}/v2/thread/${report.thread_id}`, { headers: fan.auth })).status()).toBe(404);

    const page = await signedIn(reporter.username, PASSWORD, `/dashboard/report/${report.id}`);
    const thread = page.getByTestId('report-thread');
    await thread.getByText('Which version has the spam?').waitFor();
    await thread.getByText('Moderator', { exact: true }).waitFor();
    await thread.getByLabel('Your message (markdown)').fill('Version 1.0.0, in the description.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.getByText('Version 1.0.0, in the description.').waitFor();
    const notes = await (await api.get(`${url}/v2/user/${reporter.username}/notifications`, { headers: reporter.auth })).json();
    expect(notes.some((n: { type: string; link: string }) => n.type === 'moderator_message' && n.link === `/dashboard/report/${report.id}`)).toBe(true);
    await page.context().close();
  }, 240_000);
});

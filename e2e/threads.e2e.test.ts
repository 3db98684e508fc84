/**
 * Threads in a real browser on the whole site (API + web, one port): the author writes to the
 * moderators from the project's moderation tab (status, queue position, estimated wait); a staff
 * member reads and answers on the review screen, leaves a private note and rejects; the author sees
 * the decision recorded in the thread (not the note) and resubmits. Then, on the approved project's
 * comments tab, a visitor is asked to sign in, a signed-in user comments (markdown rendered,
 * sanitized) and deletes their comment.
 */
import { describe, expect, it } from 'vitest';
import { dumpOnFailure, PASSWORD, recordPage, STAFF as ADMIN, useSite } from './harness';

describe('threads in a real browser', () => {
  dumpOnFailure();
  const env = useSite();
  const signedIn = (username: string, password: string, path: string) => env.signedIn(username, password, path);

  let project: { id: string; slug: string };
  let authorName: string;
  let authorAuth: Record<string, string>;
  const title = `Talk To Me ${Date.now() % 100000}`;

  it('the author writes to the moderators; staff answer on the review screen, note privately and reject; the author sees it and resubmits', async () => {
    const { url } = env;
    const api = await env.api();
    const author = await api.signUp('talker');
    authorName = author.username;
    authorAuth = author.auth;
    project = await api.submittedProject(author.auth, { title, description: 'A mod with things to discuss' }, { name: 'talk.jar', body: `jar of ${title}` });

    // the author's moderation tab: status, queue, and the thread (submission recorded)
    const page = await signedIn(authorName, PASSWORD, `/mod/${project.slug}/moderation`);
    await page.getByTestId('moderation-status').getByText('processing').waitFor();
    await page.getByTestId('moderation-queue').getByText('Position 1 of 1 in the review queue').waitFor();
    await page
      .getByTestId('moderation-queue')
      .getByText(/Estimated wait: unknown/)
      .waitFor();
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
    const { url, browser } = env;
    // staff approve through the API (the review screen is covered above)
    await (await env.api()).approveAsStaff(project.id);

    const visitorCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    visitorCtx.setDefaultTimeout(60_000);
    const visitor = recordPage(await visitorCtx.newPage());
    await visitor.goto(`${url}/mod/${project.slug}/comments`);
    const comments = visitor.getByTestId('thread-comments');
    await comments.getByText('No comments yet.').waitFor();
    await comments.getByRole('link', { name: 'Sign in to comment' }).waitFor();
    expect(await comments.locator('textarea').count()).toBe(0);
    // the moderation tab is the team's
    expect(await visitor.getByRole('link', { name: 'Moderation', exact: true }).count()).toBe(0);
    await visitorCtx.close();

    const fan = await (await env.api()).signUp('fan');
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
    const { url } = env;
    const site = await env.api();
    const api = site.request;
    const reporter = await site.signUp('reporter');
    const filed = await api.post(`${url}/v2/report`, {
      headers: reporter.auth,
      data: { report_type: 'spam', item_id: project.id, item_type: 'project', body: 'Looks like spam to me.' },
    });
    expect(filed.status(), await filed.text()).toBe(200);
    const report = (await filed.json()) as { id: string; thread_id: string };
    const staff = (await site.signIn(ADMIN.username, ADMIN.password)).auth;
    const asked = await api.post(`${url}/v2/thread/${report.thread_id}`, { headers: staff, data: { type: 'text', body: 'Which version has the spam?' } });
    expect(asked.status(), await asked.text()).toBe(204);
    // another user cannot read it
    const fan = await site.signUp('nosy');
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

/**
 * Scheduled releases in a real browser on the whole site: the author schedules an approved project
 * from its settings (a visitor then gets 404), sees the pending time, cancels it; then schedules a
 * version from its edit page a few seconds ahead, and the site's scheduler releases it.
 */
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { failFast, PASSWORD, useSite } from './harness';

/** A datetime-local value (local time, to the second) `ms` from now. */
function localIn(ms: number): string {
  const d = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

describe('scheduled releases in a real browser', () => {
  failFast();
  const env = useSite();
  let url: string;
  /** a visitor: no session cookie */
  let visitor: APIRequestContext;
  let page: Page;
  let project: { id: string; slug: string; version: string };

  it('an approved project with a version (API)', async () => {
    url = env.url;
    visitor = (await env.browser.newContext()).request;
    const api = await env.api();
    const author = await api.signUp('sched');
    const created = await api.submittedProject(
      author.auth,
      { title: 'Later Mod', slug: `later-${Date.now() % 100000}`, description: 'Released on time', body: '# Soon' },
      { name: 'later.jar', body: 'jar of later' },
    );
    await api.approveAsStaff(created.id);
    project = { id: created.id, slug: created.slug, version: created.version };
    page = await env.signedIn(author.username, PASSWORD, `/mod/${created.slug}/settings`);
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

/**
 * Organization settings and analytics over time in a real browser (Debian chromium) against the whole
 * seeded site: the owner of a demo organization edits it, invites a member who joins, sets their bits,
 * hands the organization over, removes and adds a project, and reads the organization's, a project's and
 * the dashboard's time-series charts (range picker, CSV export) over the seed's months of history.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS } from '@modshelf/contract';
import { DEMO_USERS } from '../site/src/seed/demo-catalogue';
import { type AuthHeaders, failFast, type SiteApi, useSite } from './harness';

const { ADD_PROJECT } = ORGANIZATION_PERMISSIONS;
const { VIEW_ANALYTICS } = PROJECT_PERMISSIONS;

interface OrgAnswer {
  id: string;
  slug: string;
  name: string;
  team_id: string;
  description: string;
  members: {
    user: { id: string; username: string };
    is_owner: boolean;
    accepted: boolean;
    organization_permissions: number | null;
    permissions: number | null;
  }[];
}

describe('organization settings and analytics over time in a real browser', () => {
  failFast();
  const env = useSite({ seed: 16 });
  let ctx: BrowserContext;
  let page: Page;
  let url: string;
  let org: OrgAnswer;
  let owner: string;
  let invitee: string;
  let ownerToken: AuthHeaders;
  let site: SiteApi;
  const slug = 'blockworks-studio';

  // each sign-in in a context of its own: `site` stays a visitor's (no session cookie)
  const login = async (username: string): Promise<AuthHeaders> => (await (await env.api()).signInDemo(username)).auth;
  const api = <T>(path: string, auth?: AuthHeaders): Promise<T> => site.getJson<T>(path, auth);

  beforeAll(async () => {
    url = env.url;
    site = await env.api();
    org = await api<OrgAnswer>(`/v2/organization/${slug}`);
    owner = org.members.find((m) => m.is_owner)!.user.username;
    invitee = DEMO_USERS.find((u) => !org.members.some((m) => m.user.username === u))!;
    ownerToken = await login(owner);
    page = await env.newPage({ timeout: 60_000, acceptDownloads: true });
    ctx = page.context();
    page.on('dialog', (d) => void d.accept());
  });

  it('serves months of history through the analytics API, to the team only', async () => {
    const projects = await api<{ id: string }[]>(`/v2/organization/${org.id}/projects`);
    const q = `project_ids=${encodeURIComponent(JSON.stringify([projects[0].id]))}&start_date=${new Date(Date.now() - 100 * 86_400_000).toISOString()}`;
    const downloads = await api<Record<string, Record<string, number>>>(`/v2/analytics/downloads?${q}`, ownerToken);
    expect(Object.keys(downloads[projects[0].id]).length).toBeGreaterThan(60);
    const views = await api<Record<string, Record<string, number>>>(`/v2/analytics/views?${q}`, ownerToken);
    expect(Object.keys(views[projects[0].id]).length).toBeGreaterThan(60);
    expect((await fetch(`${url}/v2/analytics/downloads?${q}`)).status).toBe(401);
    expect((await fetch(`${url}/v2/analytics/downloads?${q}`, { headers: await login(invitee) })).status).toBe(401);
  });

  it("leads from the dashboard's organization link to real settings, where the owner saves the description", async () => {
    const signedIn = await ctx.request.post(`${url}/v2/auth/login`, {
      data: { username: owner, password: `demo-${owner}-password` },
      headers: { 'x-requested-with': 'e2e' },
    });
    expect(signedIn.status()).toBe(200);
    await page.goto(`${url}/dashboard/organizations`);
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.waitForURL((u) => /^\/organization\/[^/]+\/settings$/.test(u.pathname));
    await page.goto(`${url}/organization/${slug}/settings`);
    const form = page.getByRole('form', { name: 'General' });
    await form.getByLabel('Description').fill('Blockworks makes add-ons together (edited in a browser test).');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();
    await page.goto(`${url}/organization/${slug}`);
    await page.getByText('Blockworks makes add-ons together (edited in a browser test).').waitFor();
    await page.getByRole('link', { name: 'Manage organization' }).click();
    await page.waitForURL((u) => u.pathname === `/organization/${slug}/settings`);
  });

  it('invites a member who joins, gives them bits, and hands the organization over', async () => {
    await page.goto(`${url}/organization/${slug}/settings/members`);
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Username').fill(invitee);
    await invite.getByRole('button', { name: 'Invite' }).click();
    const card = page.getByTestId('org-member').filter({ hasText: invitee });
    await card.getByText('Pending').waitFor();
    const join = await fetch(`${url}/v2/organization/${org.id}/join`, { method: 'POST', headers: await login(invitee) });
    expect(join.status).toBe(204);
    await page.reload();
    await card.getByText('Pending').waitFor({ state: 'detached' });
    await card.locator('input[data-bit="ADD_PROJECT"]').check();
    await card.getByLabel('View analytics').check();
    await card.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();
    const after = await api<OrgAnswer['members']>(`/v2/organization/${org.id}/members`, ownerToken);
    const m = after.find((x) => x.user.username === invitee)!;
    expect(m.organization_permissions! & ADD_PROJECT).toBe(ADD_PROJECT);
    expect(m.permissions! & VIEW_ANALYTICS).toBe(VIEW_ANALYTICS);
    await card.getByRole('button', { name: 'Transfer ownership' }).click();
    await page.getByText('Ownership transferred').first().waitFor();
    const now = await api<OrgAnswer>(`/v2/organization/${org.id}`, ownerToken);
    expect(now.members.find((x) => x.is_owner)!.user.username).toBe(invitee);
  });

  it('removes a project from the organization and adds it back', async () => {
    await page.goto(`${url}/organization/${slug}/settings/projects`);
    const list = page.getByTestId('org-projects');
    const first = list.getByRole('listitem').first();
    const title = (await first.getByRole('link').innerText()).trim();
    await first.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Project removed').first().waitFor();
    await list.getByRole('link', { name: title, exact: true }).waitFor({ state: 'detached' });
    const add = page.getByRole('form', { name: 'Add a project' });
    await add.getByLabel('Project').selectOption({ label: title });
    await add.getByRole('button', { name: 'Add' }).click();
    await list.getByRole('link', { name: title, exact: true }).waitFor();
    const projects = await api<{ title: string }[]>(`/v2/organization/${org.id}/projects`);
    expect(projects.map((p) => p.title)).toContain(title);
  });

  it("draws the organization's analytics over time, with a range picker and a CSV export", async () => {
    await page.goto(`${url}/organization/${slug}/settings/analytics`);
    const panel = page.getByTestId('analytics-panel');
    await panel.getByTestId('analytics-timeseries').locator('svg.recharts-surface').first().waitFor();
    await panel.getByRole('button', { name: '90 days' }).click();
    await panel.getByRole('tab', { name: 'Page views' }).click();
    await panel.getByTestId('analytics-timeseries').locator('.recharts-area').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('analytics-csv').click()]);
    expect(download.suggestedFilename()).toBe(`${slug}-analytics-90d.csv`);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^date,downloads,views,followers_gained,followers_lost/);
    expect(csv.length).toBe(91);
    expect(csv.slice(1).some((line) => Number(line.split(',')[2]) > 0)).toBe(true);
  });

  it("draws a project's and the dashboard's analytics over time", async () => {
    const [p] = await api<{ slug: string; project_type: string }[]>(`/v2/organization/${org.id}/projects`);
    await page.goto(`${url}/${p.project_type}/${p.slug}/settings/analytics`);
    await page.getByTestId('analytics-panel').getByTestId('analytics-timeseries').locator('svg.recharts-surface').first().waitFor();
    await page.goto(`${url}/dashboard/analytics`);
    const panel = page.getByTestId('analytics-panel');
    await panel.getByTestId('analytics-timeseries').locator('svg.recharts-surface').first().waitFor();
    await panel.getByRole('button', { name: '7 days' }).click();
    await panel.getByTestId('analytics-total').waitFor();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DownloadsCounted,
  OrganizationCreated,
  OrganizationMemberAdded,
  OrganizationProjectAdded,
  PayoutCredited,
  ProjectFollowed,
  ProjectUnfollowed,
  ProjectViewsCounted,
  TeamMemberAdded,
  followsStream,
  newEventId,
  newId,
  organizationStream,
  payoutsStream,
  projectStream,
  toNewEvents,
  type DecidedEvent,
} from '@modshelf/events';
import { PROJECT_PERMISSIONS as P, scope } from '@modshelf/service-kit';
import { replayAndCompare } from '../replay/replay';
import { testApp, type TestApp } from '../testing/app';
import { bucketize, parseAnalyticsRange } from './analytics.routes';

const DAY = 86_400;
const at = (day: string, hour = 12) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const ts = (day: string) => String(Date.parse(`${day}T00:00:00Z`) / 1000);

describe('analytics over time', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  let staff: string;
  let p1: string;
  let p2: string;
  let orgP: string;
  const emitAt = async (stream: string, events: DecidedEvent[], time: string) => {
    const id = newEventId();
    await t.fx.store.append(stream, toNewEvents(events, { commandId: id, correlationId: id, causationId: id, actor: null, time }, newEventId), 'any');
  };
  beforeAll(async () => {
    t = await testApp();
    alice = await t.fx.user('alice');
    bob = await t.fx.user('bob');
    carol = await t.fx.user('carol');
    dave = await t.fx.user('dave');
    staff = await t.fx.user('mod', 'moderator');
    p1 = await t.fx.project(alice, { title: 'Chart Mod' });
    p2 = await t.fx.project(alice, { title: 'Other Mod' });
    orgP = await t.fx.project(carol, { title: 'Org Mod' });
    // bob is on p1's team without VIEW_ANALYTICS
    await t.fx.emit(
      projectStream(p1),
      [TeamMemberAdded({ user_id: bob, role: 'Artist', permissions: P.UPLOAD_VERSION, ordering: 1, accepted: true, is_owner: false })],
      alice,
    );
    // alice belongs to the organization that holds orgP, with VIEW_ANALYTICS on its projects
    const org = newId();
    await t.fx.emit(
      organizationStream(org),
      [
        OrganizationCreated({ organization_id: org, team_id: newId(), owner_id: carol, slug: 'charts', name: 'Charts', description: 'We chart' }),
        OrganizationMemberAdded({
          user_id: carol,
          role: 'Owner',
          permissions: 1023,
          organization_permissions: 255,
          ordering: 0,
          accepted: true,
          is_owner: true,
        }),
        OrganizationMemberAdded({
          user_id: alice,
          role: 'Member',
          permissions: P.VIEW_ANALYTICS,
          organization_permissions: 0,
          ordering: 1,
          accepted: true,
          is_owner: false,
        }),
        // dave too, but his own entry on orgP's team (without VIEW_ANALYTICS) takes precedence
        OrganizationMemberAdded({
          user_id: dave,
          role: 'Member',
          permissions: P.VIEW_ANALYTICS,
          organization_permissions: 0,
          ordering: 2,
          accepted: true,
          is_owner: false,
        }),
        OrganizationProjectAdded({ project_id: orgP }),
      ],
      carol,
    );
    await t.fx.emit(
      projectStream(orgP),
      [TeamMemberAdded({ user_id: dave, role: 'Packager', permissions: P.UPLOAD_VERSION, ordering: 1, accepted: true, is_owner: false })],
      carol,
    );
    await emitAt(`downloads-${p1}`, [DownloadsCounted({ project_id: p1, version_id: null, count: 3 })], at('2026-03-01', 1));
    await emitAt(`downloads-${p1}`, [DownloadsCounted({ project_id: p1, version_id: null, count: 4 })], at('2026-03-01', 23));
    await emitAt(`downloads-${p1}`, [DownloadsCounted({ project_id: p1, version_id: null, count: 5 })], at('2026-03-02'));
    await emitAt(`downloads-${p1}`, [DownloadsCounted({ project_id: p1, version_id: null, count: 7 })], at('2026-03-09'));
    await emitAt(`downloads-${orgP}`, [DownloadsCounted({ project_id: orgP, version_id: null, count: 2 })], at('2026-03-02'));
    await emitAt(`views-${p1}`, [ProjectViewsCounted({ project_id: p1, count: 11 })], at('2026-03-02'));
    await emitAt(followsStream(bob), [ProjectFollowed({ user_id: bob, project_id: p1 })], at('2026-03-01'));
    await emitAt(followsStream(bob), [ProjectFollowed({ user_id: bob, project_id: p1 })], at('2026-03-01', 13)); // no change: not counted
    await emitAt(followsStream(carol), [ProjectFollowed({ user_id: carol, project_id: p1 })], at('2026-03-01'));
    await emitAt(followsStream(bob), [ProjectUnfollowed({ user_id: bob, project_id: p1 })], at('2026-03-02'));
    await emitAt(
      payoutsStream(alice),
      [
        PayoutCredited({
          project_id: p1,
          downloads: 3,
          amount: 1_500_000,
          source_position: 1,
          created: at('2026-03-01'),
          available_at: at('2026-04-01'),
        }),
      ],
      at('2026-03-05'),
    );
    await t.sync();
  });
  afterAll(async () => t.close());

  const get = (path: string, user: string | null) => t.app.inject({ url: path, headers: user ? { 'x-test-user': user } : {} });
  const range = 'start_date=2026-03-01T00:00:00Z&end_date=2026-03-10T00:00:00Z';

  it('answers Modrinth v3 shapes per project and day bucket, for the team', async () => {
    const r = await get(`/v2/analytics/downloads?project_ids=${JSON.stringify([p1])}&${range}&resolution_minutes=1440`, alice);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ [p1]: { [ts('2026-03-01')]: 7, [ts('2026-03-02')]: 5, [ts('2026-03-09')]: 7 } });
    const views = (await get(`/v2/analytics/views?project_ids=["chart-mod"]&${range}`, alice)).json();
    expect(views).toEqual({ [p1]: { [ts('2026-03-02')]: 11 } });
    const revenue = (await get(`/v2/analytics/revenue?project_ids=${JSON.stringify([p1])}&${range}`, alice)).json();
    expect(revenue).toEqual({ [p1]: { [ts('2026-03-01')]: 1.5 } });
    const followers = (await get(`/v2/analytics/followers?project_ids=${JSON.stringify([p1])}&${range}`, alice)).json();
    expect(followers).toEqual({ [p1]: { [ts('2026-03-01')]: { gained: 2, lost: 0 }, [ts('2026-03-02')]: { gained: 0, lost: 1 } } });
  });

  it('sums days into wider buckets, and keeps to the range', async () => {
    const week = (await get(`/v2/analytics/downloads?project_ids=${JSON.stringify([p1])}&${range}&resolution_minutes=${7 * 1440}`, alice)).json()[p1];
    expect(Object.values(week).reduce((a: number, b) => a + (b as number), 0)).toBe(19);
    for (const k of Object.keys(week)) expect(Number(k) % (7 * DAY)).toBe(0);
    const narrow = (await get(`/v2/analytics/downloads?project_ids=${JSON.stringify([p1])}&start_date=2026-03-02&end_date=2026-03-03`, alice)).json();
    expect(narrow).toEqual({ [p1]: { [ts('2026-03-02')]: 5 } });
  });

  it('without project_ids: every project the caller may see analytics of, organization projects included', async () => {
    const all = (await get(`/v2/analytics/downloads?${range}`, alice)).json();
    expect(Object.keys(all).sort()).toEqual([p1, p2, orgP].sort());
    expect(all[orgP]).toEqual({ [ts('2026-03-02')]: 2 });
    expect(all[p2]).toEqual({});
    expect((await get(`/v2/analytics/downloads?${range}`, bob)).json()).toEqual({});
  });

  it('only the team with the right bit and staff; bad input is a 400', async () => {
    const q = `project_ids=${JSON.stringify([p1])}&${range}`;
    expect((await get(`/v2/analytics/downloads?${q}`, null)).statusCode).toBe(401);
    expect((await get(`/v2/analytics/downloads?${q}`, bob)).statusCode).toBe(401);
    expect((await get(`/v2/analytics/downloads?${q}`, carol)).statusCode).toBe(401);
    expect((await get(`/v2/analytics/revenue?project_ids=${JSON.stringify([orgP])}&${range}`, alice)).statusCode).toBe(401); // no VIEW_PAYOUTS there
    expect((await get(`/v2/analytics/downloads?project_ids=${JSON.stringify([orgP])}&${range}`, dave)).statusCode).toBe(401); // the team entry decides
    expect((await get(`/v2/analytics/downloads?${q}`, `${alice}:developer:${scope('PROJECT_READ')}`)).statusCode).toBe(401); // no ANALYTICS scope
    expect((await get(`/v2/analytics/downloads?${q}`, `${staff}:moderator`)).json()[p1]).toBeDefined();
    expect((await get('/v2/analytics/downloads?project_ids=["nope-nope"]', alice)).statusCode).toBe(404);
    for (const bad of ['project_ids=nope', 'start_date=yesterday', 'resolution_minutes=60', 'start_date=2026-03-05&end_date=2026-03-01']) {
      const r = await get(`/v2/analytics/downloads?${bad}`, alice);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error).toBe('invalid_input');
    }
  });

  it('replays to the same day rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analytics-replay-'));
    const report = await replayAndCompare({ store: t.fx.store, dataDir: dir, live: t.projections.storage });
    rmSync(dir, { recursive: true, force: true });
    expect(report.differences).toEqual([]);
    expect(report.equal).toBe(true);
  });

  it('parses ranges and buckets pure', () => {
    const now = Date.parse('2026-03-15T00:00:00Z');
    expect(parseAnalyticsRange({}, now)).toEqual({ start: now - 14 * DAY * 1000, end: now, resolution: DAY * 1000 });
    const rows = [{ project_id: 'p', day: '2026-03-14', downloads: 1, views: 0, followers_gained: 0, followers_lost: 0, revenue: 0 }];
    expect(bucketize(rows, parseAnalyticsRange({}, now), (d) => d.downloads)).toEqual({ [ts('2026-03-14')]: 1 });
    expect(bucketize(rows, parseAnalyticsRange({ end_date: '2026-03-13' }, now), (d) => d.downloads)).toEqual({});
  });
});

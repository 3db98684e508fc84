import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BADGE_BITS,
  DownloadsCounted,
  ProjectFollowed,
  UserBadgesChanged,
  UserProfileEdited,
  downloadsStream,
  followsStream,
  userStream,
} from '@modshelf/events';
import { testApp, type TestApp } from '../testing/app';

describe('user, tag and statistics routes', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let p1: string;
  let p2: string;
  beforeAll(async () => {
    t = await testApp();
    alice = await t.fx.user('Alice');
    bob = await t.fx.user('bob');
    p1 = await t.fx.project(alice, { title: 'First Mod' });
    p2 = await t.fx.project(alice, { title: 'Second Mod' });
    await t.fx.project(alice, { title: 'Draft Mod' }, 'draft');
    await t.fx.version(p1, alice, { version_number: '1' });
    await t.fx.emit(downloadsStream(p1), [DownloadsCounted({ project_id: p1, version_id: null, count: 10 })]);
    await t.fx.emit(downloadsStream(p2), [DownloadsCounted({ project_id: p2, version_id: null, count: 5 })]);
    await t.fx.emit(followsStream(bob), [ProjectFollowed({ user_id: bob, project_id: p1 })]);
    await t.sync();
  });
  afterAll(async () => t.close());

  it('serves public profiles by id and case-insensitive username with counts', async () => {
    const u = (await t.app.inject('/v2/user/aLiCe')).json();
    expect(u).toMatchObject({ id: alice, username: 'Alice', role: 'developer', project_count: 2, download_count: 15, follower_count: 1, email: null });
    expect((await t.app.inject(`/v2/user/${alice}`)).json().username).toBe('Alice');
    const missing = await t.app.inject('/v2/user/nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', description: 'User not found' });
    expect((await t.app.inject(`/v2/users?ids=${encodeURIComponent(JSON.stringify([alice, 'bob']))}`)).json()).toHaveLength(2);
  });

  it("lists a user's projects (drafts only for themself) and follows (only for themself)", async () => {
    expect((await t.app.inject(`/v2/user/${alice}/projects`)).json()).toHaveLength(2);
    expect((await t.app.inject({ url: `/v2/user/${alice}/projects`, headers: { 'x-test-user': alice } })).json()).toHaveLength(3);
    expect((await t.app.inject(`/v2/user/${bob}/follows`)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/v2/user/${bob}/follows`, headers: { 'x-test-user': alice } })).statusCode).toBe(401);
    const f = (await t.app.inject({ url: `/v2/user/${bob}/follows`, headers: { 'x-test-user': bob } })).json();
    expect(f.map((p: { id: string }) => p.id)).toEqual([p1]);
  });

  it('answers /v2/user for the signed-in user only, with USER_READ', async () => {
    expect((await t.app.inject('/v2/user')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v2/user', headers: { 'x-test-user': `${alice}:developer:1` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v2/user', headers: { 'x-test-user': alice } })).json()).toMatchObject({ id: alice, has_totp: false });
  });

  it('re-indexes search hits when a username changes', async () => {
    await t.fx.emit(userStream(alice), [UserProfileEdited({ changes: { username: 'Alicia' } })]);
    await t.sync();
    const hits = (await t.app.inject('/v2/search?query=alicia')).json().hits;
    expect(hits.map((h: { author: string }) => h.author)).toEqual(['Alicia', 'Alicia']);
    expect((await t.app.inject('/v2/user/alice')).statusCode).toBe(404);
  });

  it('serves the tag lists and statistics', async () => {
    const cats = (await t.app.inject('/v2/tag/category')).json();
    expect(cats.find((c: { name: string }) => c.name === 'worldgen')).toMatchObject({ project_type: 'mod', header: 'categories' });
    expect((await t.app.inject('/v2/tag/loader')).json().map((l: { name: string }) => l.name)).toContain('behaviorpack');
    // one icon each, per the spec's lists: every category and loader has its own drawing
    const loaders = (await t.app.inject('/v2/tag/loader')).json() as { name: string; icon: string }[];
    const icons = [...cats, ...loaders] as { name: string; icon: string }[];
    for (const x of icons) {
      expect(x.icon, x.name).toMatch(/^<svg [^>]*viewBox="0 0 24 24"[^>]*>.*<\/svg>$/);
      expect(x.icon, x.name).not.toMatch(/<script|on\w+=/i);
    }
    const drawing = (i: string) => i.replace(/<title>.*?<\/title>/, '');
    const byName = new Map(icons.map((x) => [x.name, drawing(x.icon)]));
    expect(new Set(byName.values()).size, 'distinct drawings').toBe(byName.size);
    expect((await t.app.inject('/v2/tag/game_version')).json()[0]).toHaveProperty('major');
    expect((await t.app.inject('/v2/tag/license')).json()[0]).toEqual({ short: 'MIT', name: 'MIT License' });
    expect((await t.app.inject('/v2/tag/license/mit')).json().title).toBe('MIT License');
    expect((await t.app.inject('/v2/tag/license/nope')).statusCode).toBe(404);
    expect((await t.app.inject('/v2/tag/donation_platform')).json()).toContainEqual({ short: 'bmac', name: 'Buy Me a Coffee' });
    expect((await t.app.inject('/v2/tag/report_type')).json()).toEqual(['spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting']);
    expect((await t.app.inject('/v2/tag/project_type')).json()).toContain('behaviorpack');
    expect((await t.app.inject('/v2/tag/side_type')).json()).toContain('required');
    expect((await t.app.inject('/v2/statistics')).json()).toEqual({ projects: 2, versions: 1, files: 1, authors: 1 });
  });

  it('counts the statistics once a checkpoint: again only after the projections moved', async () => {
    const readModels = t.projections.storage.readModels;
    const counts = vi.spyOn(readModels, 'counts');
    try {
      const first = (await t.app.inject('/v2/statistics')).json();
      const calls = counts.mock.calls.length;
      expect((await t.app.inject('/v2/statistics')).json()).toEqual(first);
      expect(counts.mock.calls.length).toBe(calls);
      await t.fx.version(p2, alice, { version_number: '2' });
      await t.sync();
      expect((await t.app.inject('/v2/statistics')).json()).toEqual({ ...first, versions: first.versions + 1, files: first.files + 1 });
      expect(counts.mock.calls.length).toBeGreaterThan(calls);
    } finally {
      counts.mockRestore();
    }
  });

  it('answers the statistics requests that arrive while a count is in flight from that count', async () => {
    await t.fx.version(p2, alice, { version_number: '3' });
    await t.sync();
    const readModels = t.projections.storage.readModels;
    const real = readModels.counts.bind(readModels);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const counts = vi.spyOn(readModels, 'counts').mockImplementation(async (q) => (await held, real(q)));
    try {
      const at = t.projections.checkpoint();
      const answers = [t.app.inject('/v2/statistics'), t.app.inject('/v2/statistics'), t.app.inject(`/v2/statistics?min_position=${at}`)];
      await new Promise((r) => setTimeout(r, 50));
      release();
      const bodies = (await Promise.all(answers)).map((r) => r.json());
      expect(counts).toHaveBeenCalledTimes(1);
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[2]).toEqual(bodies[0]);
    } finally {
      counts.mockRestore();
    }
  });

  it('badges: granted bits plus the computed creator, moderator and product-team badges, on profiles and member lists', async () => {
    const mod = await t.fx.user('modder', 'moderator');
    const admin = await t.fx.user('boss', 'admin');
    await t.fx.emit(userStream(bob), [UserBadgesChanged({ badges: BADGE_BITS.ALPHA_TESTER | BADGE_BITS.TRANSLATOR })]);
    await t.sync();
    const badges = async (who: string) => (await t.app.inject(`/v2/user/${who}`)).json().badges;
    // alice owns listed projects: creator; bob has granted bits only (he follows, he does not create)
    expect(await badges(alice)).toBe(BADGE_BITS.CREATOR);
    expect(await badges(bob)).toBe(BADGE_BITS.ALPHA_TESTER | BADGE_BITS.TRANSLATOR);
    expect(await badges(mod)).toBe(BADGE_BITS.MODERATOR);
    expect(await badges(admin)).toBe(BADGE_BITS.PRODUCT_TEAM);
    // a draft-only author is no creator
    const drafter = await t.fx.user('drafter');
    await t.fx.project(drafter, { title: 'Only a Draft' }, 'draft');
    await t.sync();
    expect(await badges(drafter)).toBe(0);
    // member lists carry the same bitfield
    const members = (await t.app.inject(`/v2/project/${p1}/members`)).json();
    expect(members[0].user).toMatchObject({ id: alice, badges: BADGE_BITS.CREATOR });
  });
});

describe('report routes', () => {
  let t: TestApp;
  it('shows a report to its reporter and to staff only', async () => {
    t = await testApp();
    const { ReportClosed, ReportFiled, reportStream, newId } = await import('@modshelf/events');
    const alice = await t.fx.user('alice');
    const bob = await t.fx.user('bob');
    const p = await t.fx.project(alice, { title: 'Reported Mod' });
    const id = newId();
    await t.fx.emit(
      reportStream(id),
      [ReportFiled({ report_id: id, reporter_id: bob, report_type: 'spam', item_type: 'project', item_id: p, body: 'spam!', thread_id: newId() })],
      bob,
    );
    await t.sync();
    expect((await t.app.inject(`/v2/report/${id}`)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/v2/report/${id}`, headers: { 'x-test-user': alice } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v2/report/${id}`, headers: { 'x-test-user': bob } })).json()).toMatchObject({
      id,
      reporter: bob,
      closed: false,
      item_type: 'project',
    });
    expect((await t.app.inject({ url: '/v2/report', headers: { 'x-test-user': `${alice}:moderator` } })).json()).toHaveLength(1);
    expect((await t.app.inject({ url: '/v2/report', headers: { 'x-test-user': alice } })).json()).toHaveLength(0);
    // closed: off the moderators' list of open reports, still in the list of all
    const mod = { 'x-test-user': `${alice}:moderator` };
    await t.fx.emit(reportStream(id), [ReportClosed({ closed_by: alice })], alice);
    await t.sync();
    expect((await t.app.inject({ url: '/v2/report', headers: mod })).json()).toHaveLength(0);
    expect((await t.app.inject({ url: '/v2/report?all=true', headers: mod })).json()).toMatchObject([{ id, closed: true }]);
    await t.close();
  });
});

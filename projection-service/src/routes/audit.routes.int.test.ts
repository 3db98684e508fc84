import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProjectEdited,
  ProjectStatusChanged,
  ReportClosed,
  ReportFiled,
  ReviewLockAcquired,
  ReviewLockReleased,
  TeamMemberAdded,
  newId,
  projectStream,
  reportStream,
  reviewLockStream,
} from '@modshelf/events';
import { scope } from '@modshelf/service-kit';
import { quarantineEvent } from '../runner/quarantine';
import { testApp } from '../testing/app';
import { foldDocument, parseAsOf, prefixAsOf } from '../audit/audit';
import { reviewLockOf } from './moderation.routes';
import { AsOfAnswer, ModerationStats, QueuedProject, ReviewLock, TimelineEntry } from '../contract/moderation.openapi';

/** Query routes composed as the site does (with the event store), on real SQLite files in a temp dir. */
async function auditApp() {
  const t = await testApp({ fileLog: true });
  return { ...t, store: t.fx.store };
}

describe('audit and moderation queue routes', () => {
  let t: Awaited<ReturnType<typeof auditApp>>;
  let alice: string;
  let bob: string;
  let mod: string;
  let carol: string;
  let queued: string;
  let older: string;
  let approved: string;
  let version: string;
  let reportId: string;
  let beforeApproval: string;
  beforeAll(async () => {
    t = await auditApp();
    alice = await t.fx.user('alice');
    bob = await t.fx.user('bob');
    carol = await t.fx.user('carol');
    mod = await t.fx.user('mod', 'moderator');
    older = await t.fx.project(alice, { title: 'Older Queued' }, 'processing');
    queued = await t.fx.project(bob, { title: 'Queued Mod' }, 'processing');
    approved = await t.fx.project(alice, { title: 'Approved Mod' }, 'processing');
    await t.fx.emit(
      projectStream(approved),
      [TeamMemberAdded({ user_id: carol, role: 'Dev', permissions: 0, ordering: 1, accepted: true, is_owner: false })],
      alice,
    );
    beforeApproval = t.fx.now();
    await t.fx.emit(projectStream(approved), [ProjectStatusChanged({ from: 'processing', to: 'approved', moderator_message: 'Looks good' })], mod);
    await t.fx.emit(projectStream(approved), [ProjectEdited({ changes: { title: 'Approved Mod 2' } })], alice);
    version = (await t.fx.version(approved, alice, { version_number: '1.0.0' })).id;
    reportId = newId();
    await t.fx.emit(
      reportStream(reportId),
      [ReportFiled({ report_id: reportId, reporter_id: bob, report_type: 'spam', item_type: 'project', item_id: approved, body: 'spam!', thread_id: newId() })],
      bob,
    );
    await t.fx.emit(reportStream(reportId), [ReportClosed({ closed_by: mod, message: 'Handled' })], mod);
    const soon = () => new Date(Date.now() + 10 * 60_000).toISOString();
    await t.fx.emit(reviewLockStream(queued), [ReviewLockAcquired({ project_id: queued, expires: soon() })], mod);
    await t.fx.emit(reviewLockStream(older), [ReviewLockAcquired({ project_id: older, expires: soon() })], mod);
    await t.fx.emit(reviewLockStream(older), [ReviewLockReleased({ project_id: older })], mod);
    await t.sync();
  });
  afterAll(async () => t.close());

  const get = (url: string, user?: string) => t.app.inject({ url, headers: user ? { 'x-test-user': user } : {} });

  it('answers a project timeline with upcast events, actor names and metadata', async () => {
    const r = await get(`/v2/audit/project/${approved}`, `${mod}:moderator`);
    expect(r.statusCode).toBe(200);
    const tl = r.json();
    TimelineEntry.array().parse(tl); // the documented (strict) shape
    expect(tl.map((e: { type: string }) => e.type)).toEqual([
      'ProjectCreated',
      'ProjectStatusChanged',
      'TeamMemberAdded',
      'ProjectStatusChanged',
      'ProjectEdited',
    ]);
    expect(tl.map((e: { revision: number }) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    const approval = tl[3];
    expect(approval).toMatchObject({
      schema_version: 1,
      actor: { id: mod, username: 'mod' },
      data: { from: 'processing', to: 'approved', moderator_message: 'Looks good' },
    });
    expect(typeof approval.position).toBe('number');
    expect(approval.command_id).toBeTruthy();
    expect(approval.correlation_id).toBeTruthy();
    expect(Date.parse(approval.time)).toBeGreaterThan(Date.parse(beforeApproval));
  });

  it('rebuilds the state as of a moment with the read-side projectors', async () => {
    const before = (await get(`/v2/audit/project/${approved}?as_of=${encodeURIComponent(beforeApproval)}`, `${mod}:moderator`)).json();
    AsOfAnswer.parse(before);
    expect(before).toMatchObject({ revision: 2, exists: true, state: { id: approved, status: 'processing', title: 'Approved Mod' } });
    expect(before.state.members.map((m: { user_id: string }) => m.user_id).sort()).toEqual([alice, carol].sort());
    expect(before.timeline).toHaveLength(5);
    const now = (await get(`/v2/audit/project/${approved}?as_of=${encodeURIComponent(new Date().toISOString())}`, `${mod}:moderator`)).json();
    expect(now.state).toMatchObject({ status: 'approved', title: 'Approved Mod 2', moderator_message: 'Looks good' });
    const ancient = (await get(`/v2/audit/project/${approved}?as_of=2000-01-01T00:00:00Z`, `${mod}:moderator`)).json();
    expect(ancient).toMatchObject({ revision: -1, exists: false, state: null });
    expect((await get(`/v2/audit/project/${approved}?as_of=yesterday`, `${mod}:moderator`)).statusCode).toBe(400);
  });

  it('lets team members read their project and its versions; everyone else gets 404 (no token or a missing scope: 401)', async () => {
    expect((await get(`/v2/audit/project/${approved}`, carol)).statusCode).toBe(200);
    expect((await get(`/v2/audit/version/${version}`, carol)).json()[0]).toMatchObject({ type: 'VersionPublished', actor: { id: alice, username: 'alice' } });
    expect((await get(`/v2/audit/project/${approved}`, bob)).statusCode).toBe(404);
    expect((await get(`/v2/audit/version/${version}`, bob)).statusCode).toBe(404);
    expect((await get(`/v2/audit/project/${approved}`)).statusCode).toBe(401);
    // a token without PROJECT_READ: 401 missing scope, as Modrinth answers
    const noScope = await get(`/v2/audit/project/${approved}`, `${carol}:developer:${scope('USER_READ')}`);
    expect(noScope.statusCode).toBe(401);
    expect(noScope.json().description).toBe('Authentication Error: the token is missing the PROJECT_READ scope');
    expect((await get(`/v2/audit/user/${alice}`, alice)).statusCode).toBe(404);
    expect((await get(`/v2/audit/report/${reportId}`, bob)).statusCode).toBe(404);
    expect((await get(`/v2/audit/payouts/${alice}`, `${mod}:moderator`)).statusCode).toBe(404);
    expect((await get(`/v2/audit/project/${newId()}`, `${mod}:moderator`)).json()).toMatchObject({ error: 'not_found' });
    // a slug or a username names the same stream
    expect((await get('/v2/audit/project/older-queued', `${mod}:moderator`)).json()[0]).toMatchObject({ type: 'ProjectCreated', data: { project_id: older } });
    expect((await get('/v2/audit/user/alice', `${mod}:moderator`)).json()[0]).toMatchObject({ type: 'UserRegistered', data: { user_id: alice } });
    expect((await get('/v2/audit/project/older-queued', bob)).statusCode).toBe(404);
  });

  it('serves report, user and version streams to staff, with their as-of state', async () => {
    const rep = (await get(`/v2/audit/report/${reportId}?as_of=${encodeURIComponent(new Date().toISOString())}`, `${mod}:admin`)).json();
    expect(rep.timeline.map((e: { type: string }) => e.type)).toEqual(['ReportFiled', 'ReportClosed']);
    expect(rep.timeline[1]).toMatchObject({ actor: { id: mod, username: 'mod' }, data: { closed_by: mod, message: 'Handled' } });
    expect(rep.state).toMatchObject({ id: reportId, closed: true, reporter: bob });
    const user = (await get(`/v2/audit/user/${alice}?as_of=${encodeURIComponent(new Date().toISOString())}`, `${mod}:moderator`)).json();
    expect(user.state).toMatchObject({ id: alice, username: 'alice' });
    const v = (await get(`/v2/audit/version/${version}?as_of=${encodeURIComponent(new Date().toISOString())}`, `${mod}:moderator`)).json();
    expect(v.state).toMatchObject({ id: version, version_number: '1.0.0', project_id: approved });
  });

  it('serves the moderation queue to staff only, oldest queued first', async () => {
    expect((await get('/v2/moderation/projects')).statusCode).toBe(401);
    expect((await get('/v2/moderation/projects', alice)).statusCode).toBe(401);
    const q = await get('/v2/moderation/projects?count=10', `${mod}:moderator`);
    expect(q.statusCode).toBe(200);
    expect(q.json().map((p: { id: string }) => p.id)).toEqual([older, queued]);
    QueuedProject.array().parse(q.json());
    expect(q.json()[1]).toMatchObject({ status: 'processing', author: 'bob', title: 'Queued Mod', locked_by: { id: mod, username: 'mod' } });
    expect(q.json()[0]).toMatchObject({ locked_by: null, lock_expires: null });
    const lock = (await get(`/v2/moderation/lock/${queued}`, `${mod}:moderator`)).json();
    ReviewLock.parse(lock);
    expect(lock).toMatchObject({ project_id: queued, locked: true, locked_by: { id: mod, username: 'mod' } });
    expect((await get(`/v2/moderation/lock/${older}`, `${mod}:moderator`)).json()).toMatchObject({ locked: false, locked_by: null });
    expect((await get(`/v2/moderation/lock/${queued}`, alice)).statusCode).toBe(401);
    expect((await get(`/v2/moderation/lock/${newId()}`, `${mod}:moderator`)).statusCode).toBe(404);
    expect((await get('/v2/moderation/projects?count=1', `${mod}:admin`)).json()).toHaveLength(1);
    expect((await get('/_internal/moderation/projects', `${mod}:admin`)).json()).toHaveLength(2);
    ModerationStats.parse((await get('/v2/moderation/stats', `${mod}:moderator`)).json());
    expect((await get('/v2/moderation/stats', `${mod}:moderator`)).json()).toEqual({ projects: 2, open_reports: 0, reports: 1 });
  });

  it('folds the as-of state without an event an operator quarantined (as the projection does), and still lists it', async () => {
    const p = await t.fx.project(alice, { title: 'Before Quarantine' });
    const pos = await t.fx.emit(projectStream(p), [ProjectEdited({ changes: { title: 'Poisoned Title' } })], alice);
    await t.sync();
    const url = `/v2/audit/project/${p}?as_of=${encodeURIComponent(new Date().toISOString())}`;
    expect((await get(url, `${mod}:moderator`)).json().state.title).toBe('Poisoned Title');
    // checkpoint 0: this test quarantines an event the live projection has folded, to look at the audit fold alone
    await quarantineEvent(t.store, { position: pos, reason: 'audit test', operator: 'ops', checkpoint: 0 });
    const after = (await get(url, `${mod}:moderator`)).json();
    expect(after.state.title).toBe('Before Quarantine');
    expect(after.timeline.map((e: { position: number }) => e.position)).toContain(pos);
  });
});

describe('audit logic', () => {
  it('parses as_of and takes the prefix of events up to it', () => {
    expect(parseAsOf('2024-01-01T00:00:00Z')).toBe(Date.parse('2024-01-01T00:00:00Z'));
    expect(parseAsOf('1700000000000')).toBe(1700000000000);
    expect(parseAsOf('soon')).toBeNull();
    const ev = (time: string) => ({ metadata: { time } });
    const evs = [ev('2024-01-01T00:00:00Z'), ev('2024-01-02T00:00:00Z'), ev('2024-01-01T12:00:00Z')];
    expect(prefixAsOf(evs, Date.parse('2024-01-01T18:00:00Z'))).toHaveLength(1);
    expect(prefixAsOf(evs, Date.parse('2024-01-03T00:00:00Z'))).toHaveLength(3);
  });

  it('a review lock lapses at its expiry', () => {
    const ev = (type: string, data: object, actor = 'ModerAAA') =>
      ({ type, schemaVersion: 1, data, metadata: { actor, time: '2026-01-01T00:00:00Z' } }) as never;
    const events = [ev('ReviewLockAcquired', { project_id: 'ProjAAAA', expires: '2026-01-01T00:15:00.000Z' })];
    expect(reviewLockOf(events, Date.parse('2026-01-01T00:10:00Z'))).toEqual({ holder: 'ModerAAA', expires: '2026-01-01T00:15:00.000Z' });
    expect(reviewLockOf(events, Date.parse('2026-01-01T00:15:00Z'))).toBeNull();
    expect(reviewLockOf([...events, ev('ReviewLockReleased', { project_id: 'ProjAAAA' })], Date.parse('2026-01-01T00:10:00Z'))).toBeNull();
  });

  it('folds an empty stream to nothing', async () => {
    expect(await foldDocument([], 'projects', 'AAAAAAAA')).toBeNull();
  });
});

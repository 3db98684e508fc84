import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProjectStatusChanged,
  ReportFiled,
  ThreadMessageDeleted,
  ThreadMessageSent,
  commentThreadId,
  newEventId,
  newId,
  projectStream,
  reportStream,
  threadStream,
  toNewEvents,
} from '@modshelf/events';
import { replayAndCompare } from '../replay/replay';
import { foldDocument, isAuditStreamType } from '../audit/audit';
import { testApp, type TestApp } from '../testing/app';
import { ALL_SCOPES, scope } from '@modshelf/service-kit';

describe('threads (projected from events)', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let mod: string;
  let listed: string;
  let queued: string;
  let queuedThread: string;
  const report = newId();
  const reportThread = newId();
  const get = (url: string, user?: string) => t.app.inject({ url, headers: user ? { 'x-test-user': user } : {} });
  const msg = (thread: string, type: 'project' | 'comments' | 'report', item: string, author: string, body: string, priv = false, id = newId()) =>
    ThreadMessageSent({ message_id: id, thread_id: thread, thread_type: type, item_id: item, author_id: author, body, private: priv, replying_to: null });

  beforeAll(async () => {
    t = await testApp();
    alice = await t.fx.user('alice');
    bob = await t.fx.user('bob');
    mod = await t.fx.user('moddy', 'moderator');
    listed = await t.fx.project(alice, { title: 'Listed Mod' });
    await t.fx.project(alice, { title: 'Early Bird' }, 'processing');
    queued = await t.fx.project(alice, { title: 'Queued Mod' }, 'processing');
    await t.sync();
    queuedThread = (await get(`/v2/project/${queued}`, alice)).json().thread_id;
    await t.fx.emit(threadStream(queuedThread), [msg(queuedThread, 'project', queued, mod, 'Please add a **licence**')], mod);
    await t.fx.emit(threadStream(queuedThread), [msg(queuedThread, 'project', queued, mod, 'staff note: looks fine', true)], mod);
    await t.fx.emit(threadStream(queuedThread), [msg(queuedThread, 'project', queued, alice, 'Added it')], alice);
    const cid = commentThreadId(listed);
    await t.fx.emit(threadStream(cid), [msg(cid, 'comments', listed, bob, 'Great mod!', false, 'CommentA')], bob);
    await t.fx.emit(threadStream(cid), [msg(cid, 'comments', listed, bob, 'oops', false, 'CommentB')], bob);
    await t.fx.emit(threadStream(cid), [ThreadMessageDeleted({ message_id: 'CommentB', deleted_by: bob })], bob);
    await t.fx.emit(
      reportStream(report),
      [ReportFiled({ report_id: report, reporter_id: bob, report_type: 'spam', item_type: 'project', item_id: listed, body: 'spam', thread_id: reportThread })],
      bob,
    );
    await t.fx.emit(threadStream(reportThread), [msg(reportThread, 'report', report, mod, 'Thanks, looking into it')], mod);
    // a staff decision today counts toward the queue's throughput
    const other = await t.fx.project(alice, { title: 'Decided Today' }, 'processing');
    const now = new Date().toISOString();
    const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: mod, time: now };
    await t.fx.store.append(projectStream(other), toNewEvents([ProjectStatusChanged({ from: 'processing', to: 'approved' })], meta, newEventId), 'any');
    await t.sync();
  });
  afterAll(async () => t.close());

  it('every project names its comment thread; anyone reads the comments of a listed project, deleted ones stay as `deleted`', async () => {
    const p = (await get(`/v2/project/${listed}`)).json();
    expect(p.comment_thread_id).toBe(commentThreadId(listed));
    const res = await get(`/v2/thread/${p.comment_thread_id}`);
    expect(res.statusCode).toBe(200);
    const th = res.json();
    expect(th).toMatchObject({ id: p.comment_thread_id, type: 'comments', project_id: listed, report_id: null });
    expect(th.messages.map((m: { body: unknown }) => m.body)).toEqual([
      { type: 'text', body: 'Great mod!', private: false, replying_to: null },
      { type: 'deleted', private: false },
    ]);
    expect(th.members.map((u: { username: string }) => u.username)).toEqual(['bob']);
  });

  it("the moderation thread: the team and staff read it, status changes are recorded, staff notes are staff's only; others get 404", async () => {
    const staff = (await get(`/v2/thread/${queuedThread}`, `${mod}:moderator`)).json();
    const team = (await get(`/v2/thread/${queuedThread}`, alice)).json();
    expect(staff.type).toBe('project');
    expect(staff.messages.map((m: { body: { type: string } }) => m.body.type)).toEqual(['status_change', 'text', 'text', 'text']);
    expect(staff.messages[0]).toMatchObject({ author_id: alice, body: { type: 'status_change', old_status: 'draft', new_status: 'processing' } });
    expect(team.messages.map((m: { body: { body?: string } }) => m.body.body ?? null)).toEqual([null, 'Please add a **licence**', 'Added it']);
    expect((await get(`/v2/thread/${queuedThread}`, bob)).statusCode).toBe(404);
    expect((await get(`/v2/thread/${queuedThread}`)).statusCode).toBe(404);
    const many = (await get(`/v2/threads?ids=${encodeURIComponent(JSON.stringify([queuedThread, commentThreadId(listed), reportThread]))}`, bob)).json();
    expect(many.map((x: { type: string }) => x.type).sort()).toEqual(['comments', 'report']);
    expect((await get('/v2/threads?ids=nope', bob)).statusCode).toBe(400);
  });

  it('the report thread: the reporter and staff', async () => {
    expect((await get(`/v2/thread/${reportThread}`, bob)).json().messages[0].body.body).toBe('Thanks, looking into it');
    expect((await get(`/v2/thread/${reportThread}`, alice)).statusCode).toBe(404);
  });

  it("the team's moderation view: queue position, length, throughput and estimated wait", async () => {
    const m = (await get(`/v2/project/${queued}/moderation`, alice)).json();
    expect(m).toMatchObject({ project_id: queued, status: 'processing', thread_id: queuedThread });
    expect(m.queue.position).toBe(2);
    expect(m.queue.length).toBe(2);
    expect(m.queue.reviews_per_day).toBeCloseTo(1 / 14, 2);
    expect(m.queue.estimated_wait_hours).toBe(Math.ceil((2 / m.queue.reviews_per_day) * 24));
    expect((await get(`/v2/project/${queued}/moderation`, bob)).statusCode).toBe(404);
    expect((await get(`/v2/project/${queued}/moderation`)).statusCode).toBe(401);
    // the document's PROJECT_READ scope: a token without it is refused, as Modrinth refuses a missing scope
    const noScope = await t.app.inject({
      url: `/v2/project/${queued}/moderation`,
      headers: { 'x-test-user': `${alice}:developer:${ALL_SCOPES - scope('PROJECT_READ')}` },
    });
    expect(noScope.statusCode).toBe(401);
    expect(noScope.json().description).toMatch(/missing the PROJECT_READ scope/);
    expect((await get(`/v2/project/${listed}/moderation`, alice)).json().queue).toMatchObject({ position: null, estimated_wait_hours: null });
  });

  it('a message notifies the other side: staff -> team, team -> the staff taking part, a comment -> the team', async () => {
    const notes = async (user: string) =>
      (await get(`/v2/user/${user}/notifications`, user)).json() as Array<{ type: string | null; title: string; link: string }>;
    const a = await notes(alice);
    expect(a.some((n) => n.type === 'moderator_message' && n.title.includes('Queued Mod') && n.link.endsWith('/moderation'))).toBe(true);
    expect(a.some((n) => n.title === '**bob** commented on **Listed Mod**')).toBe(true);
    expect(a.filter((n) => n.title.includes('staff note')).length).toBe(0);
    const m = await notes(mod);
    expect(m.some((n) => n.title === '**alice** replied about **Queued Mod**')).toBe(true);
    expect((await notes(bob)).some((n) => n.title === 'A moderator replied to your report')).toBe(true);
  });

  it("staff can audit a thread: its stream folds to the thread's messages", async () => {
    expect(isAuditStreamType('thread')).toBe(true);
    const events = await t.fx.store.readStream(threadStream(queuedThread));
    const doc = (await foldDocument(events, 'threads', queuedThread)) as { type: string; messages: Array<{ body: { private?: boolean } }> } | null;
    expect(doc?.type).toBe('project');
    expect(doc?.messages.map((m) => m.body.private)).toEqual([false, true, false]);
  });

  it('replay gives the same threads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const r = await replayAndCompare({ store: t.fx.store, dataDir: dir, live: t.projections.storage });
    rmSync(dir, { recursive: true, force: true });
    expect(r.differences).toEqual([]);
    expect(r.equal).toBe(true);
  });
});

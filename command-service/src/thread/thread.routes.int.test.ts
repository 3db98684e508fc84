import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commentThreadId, projectStream, upcast } from '@modshelf/events';
import { scope } from '@modshelf/service-kit';
import { approve, createProject, harness, type Harness } from '../catalogue/testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const post = (thread: string, user: Parameters<Harness['as']>[0], payload: unknown, extra: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: `/v2/thread/${thread}`, headers: h.as(user, extra), payload: payload as object });
const threadOf = async (projectId: string) => {
  const created = (await h.store.readStream(projectStream(projectId))).map(upcast)[0];
  return (created.data as { thread_id: string }).thread_id;
};

describe('thread routes', () => {
  it('the team and staff write on the moderation thread (also the wrapped body Modrinth takes); others get 404; messages are events', async () => {
    const p = await createProject(h);
    const thread = await threadOf(p.id);
    expect((await post(thread, 'owner', { type: 'text', body: 'Ready for review' })).statusCode).toBe(204);
    const r = await post(thread, 'moderator', { body: { type: 'text', body: 'Staff only', private: true } });
    expect(r.statusCode, r.body).toBe(204);
    expect(r.headers['x-modshelf-position']).toBeDefined();
    const sent = (await h.events()).filter((e) => e.type === 'ThreadMessageSent');
    expect(sent.map((e) => e.data)).toMatchObject([
      { thread_id: thread, thread_type: 'project', item_id: p.id, author_id: 'OwnerAAA', body: 'Ready for review', private: false },
      { author_id: 'ModerDDD', body: 'Staff only', private: true },
    ]);
    expect((await post(thread, 'stranger', { type: 'text', body: 'hi' })).statusCode).toBe(404);
    expect((await post(thread, 'owner', { type: 'text', body: 'note', private: true })).statusCode).toBe(401);
  });

  it('comments: a signed-in user comments on a listed project, deletes their own; staff delete any; others may not', async () => {
    const p = await createProject(h);
    const comments = commentThreadId(p.id);
    expect((await post(comments, 'stranger', { type: 'text', body: 'too early' })).statusCode).toBe(404); // a draft is hidden
    await approve(h, p.id);
    expect((await post(comments, 'stranger', { type: 'text', body: 'Nice mod' })).statusCode).toBe(204);
    expect((await post(comments, 'member', { type: 'text', body: 'Agreed' })).statusCode).toBe(204);
    const [mine, theirs] = (await h.events()).filter((e) => e.type === 'ThreadMessageSent').map((e) => (e.data as { message_id: string }).message_id);
    const del = (id: string, user: Parameters<Harness['as']>[0]) => h.app.inject({ method: 'DELETE', url: `/v2/message/${id}`, headers: h.as(user) });
    expect((await del(theirs, 'stranger')).statusCode).toBe(401);
    expect((await del(mine, 'stranger')).statusCode).toBe(204);
    expect((await del(mine, 'stranger')).statusCode).toBe(404);
    expect((await del(theirs, 'moderator')).statusCode).toBe(204);
    expect((await del('ZZZZZZZZ', 'moderator')).statusCode).toBe(404);
    expect((await h.events()).filter((e) => e.type === 'ThreadMessageDeleted').length).toBe(2);
  });

  it('report threads: the reporter and staff', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    const report = (
      await h.app.inject({
        method: 'POST',
        url: '/v2/report',
        headers: h.as('stranger'),
        payload: { report_type: 'spam', item_type: 'project', item_id: p.id, body: 'spam' },
      })
    ).json();
    expect((await post(report.thread_id, 'stranger', { type: 'text', body: 'More details' })).statusCode).toBe(204);
    expect((await post(report.thread_id, 'moderator', { type: 'text', body: 'Thanks' })).statusCode).toBe(204);
    expect((await post(report.thread_id, 'owner', { type: 'text', body: 'not me' })).statusCode).toBe(404);
    await h.app.inject({ method: 'PATCH', url: `/v2/report/${report.id}`, headers: h.as('moderator'), payload: { closed: true } });
    expect((await post(report.thread_id, 'stranger', { type: 'text', body: 'but...' })).statusCode).toBe(400);
  });

  it('bad input, unknown threads, missing scope and flooding change nothing (4xx with the error shape)', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    const comments = commentThreadId(p.id);
    const before = await h.head();
    for (const [payload, status] of [
      [{ type: 'status_change', old_status: 'draft', new_status: 'approved' }, 400],
      [{ type: 'text' }, 400],
      [{ type: 'text', body: '   ' }, 400],
      [{ type: 'text', body: 'x'.repeat(4001) }, 400],
      [{ type: 'text', body: 'x'.repeat(65537) }, 400],
      [{ type: 'text', body: 'x', replying_to: 'nope' }, 400],
    ] as const) {
      const r = await post(comments, 'stranger', payload);
      expect(r.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(r.json()).toMatchObject({ error: 'invalid_input' });
    }
    expect((await post('ZZZZZZZZ', 'stranger', { type: 'text', body: 'x' })).statusCode).toBe(404);
    expect((await post('bad', 'stranger', { type: 'text', body: 'x' })).statusCode).toBe(404);
    expect((await post(comments, 'stranger', { type: 'text', body: 'x' }, { 'x-test-scopes': String(scope('THREAD_READ')) })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: `/v2/thread/${comments}`, payload: { type: 'text', body: 'x' } })).statusCode).toBe(401);
    expect(await h.head()).toBe(before);
    for (let i = 0; i < 5; i++) expect((await post(comments, 'stranger', { type: 'text', body: `message ${i}` })).statusCode).toBe(204);
    const flood = await post(comments, 'stranger', { type: 'text', body: 'one more' });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error).toBe('ratelimit_error');
  });
});

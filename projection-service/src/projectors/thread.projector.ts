import { createHash } from 'node:crypto';
import {
  ProjectCreated, ProjectStatusChanged, ReportFiled, ThreadMessageDeleted, ThreadMessageSent, commentThreadId, toBase62,
  type RecordedEvent,
} from '@modshelf/events';
import type { ThreadDoc } from '../read-model/thread-documents';
import { streamEntity, type BatchContext } from './context';

const MIN_8 = 62n ** 7n;
const SPAN_8 = 62n ** 8n - MIN_8;
const APPROVED_TYPE = ['approved', 'archived', 'unlisted', 'private'];

/** A status-change message's id: fixed by its event, so a replay makes the same one. */
export function statusMessageId(eventId: string): string {
  const n = createHash('sha256').update(`status:${eventId}`).digest().readBigUInt64BE();
  return toBase62(MIN_8 + (n % SPAN_8));
}

/**
 * Which status changes the moderation thread records: staff decisions (approve, reject, withhold,
 * and reversing them) and the team submitting or resubmitting, not the team switching between
 * its own visibilities (approved, archived, unlisted, private).
 */
export function recordsStatusChange(from: string, to: string): boolean {
  return from !== to && !(APPROVED_TYPE.includes(from) && APPROVED_TYPE.includes(to));
}

const emptyThread = (id: string, type: ThreadDoc['type'], itemId: string): ThreadDoc => ({
  id, type, project_id: type === 'report' ? null : itemId, report_id: type === 'report' ? itemId : null, messages: [], reviewed_days: [],
});

async function thread(ctx: BatchContext, id: string, type: ThreadDoc['type'], itemId: string): Promise<ThreadDoc> {
  return (await ctx.get('threads', id)) ?? emptyThread(id, type, itemId);
}

/**
 * Threads: each project's moderation and comment threads (made with the project), each report's
 * thread, written messages (ThreadMessageSent / ThreadMessageDeleted: a deleted message stays as
 * `deleted`), and the project's status changes as `status_change` messages of its moderation thread.
 */
export async function threadProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (ProjectCreated.is(e)) {
    const pid = e.data.project_id;
    ctx.put('threads', e.data.thread_id, await thread(ctx, e.data.thread_id, 'project', pid));
    const cid = commentThreadId(pid);
    ctx.put('threads', cid, await thread(ctx, cid, 'comments', pid));
    return;
  }
  if (ReportFiled.is(e)) {
    ctx.put('threads', e.data.thread_id, await thread(ctx, e.data.thread_id, 'report', e.data.report_id));
    return;
  }
  if (ProjectStatusChanged.is(e)) {
    const { from, to } = e.data;
    if (!recordsStatusChange(from, to)) return;
    const p = await ctx.get('projects', streamEntity(e.streamId));
    if (!p) return;
    const t = await thread(ctx, p.thread_id, 'project', p.id);
    const id = statusMessageId(e.metadata.eventId);
    if (t.messages.some((m) => m.id === id)) return; // idempotent
    t.messages.push({ id, author_id: e.metadata.actor, body: { type: 'status_change', old_status: from, new_status: to }, created: e.metadata.time });
    if (from === 'processing') {
      const day = e.metadata.time.slice(0, 10);
      if (!t.reviewed_days.includes(day)) t.reviewed_days.push(day);
    }
    ctx.put('threads', t.id, t);
    return;
  }
  if (ThreadMessageSent.is(e)) {
    const d = e.data;
    const t = await thread(ctx, d.thread_id, d.thread_type, d.item_id);
    if (t.messages.some((m) => m.id === d.message_id)) return;
    t.messages.push({
      id: d.message_id, author_id: d.author_id, created: e.metadata.time,
      body: { type: 'text', body: d.body, private: d.private, replying_to: d.replying_to },
    });
    ctx.put('threads', t.id, t);
    return;
  }
  if (ThreadMessageDeleted.is(e)) {
    const t = await ctx.get('threads', streamEntity(e.streamId));
    const m = t?.messages.find((x) => x.id === e.data.message_id);
    if (!t || !m || m.body.type !== 'text') return;
    m.body = { type: 'deleted', private: m.body.private };
    ctx.put('threads', t.id, t);
  }
}

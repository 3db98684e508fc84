import { createHash } from 'node:crypto';
import {
  ProjectCreated,
  ProjectStatusChanged,
  ReportFiled,
  ThreadMessageDeleted,
  ThreadMessageSent,
  commentThreadId,
  toBase62,
  type RecordedEvent,
} from '@modshelf/events';
import type { ThreadDoc } from '../read-model/thread-documents';
import { createsProject, createsReport } from './creations';
import { defineProjector, documentProjection, streamEntity, typesOf, type ReadView } from './evolve';

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
  id,
  type,
  project_id: type === 'report' ? null : itemId,
  report_id: type === 'report' ? itemId : null,
  messages: [],
  reviewed_days: [],
});

/** The project whose moderation thread records a status change (its join), when the change is recorded. */
async function statusProject(e: RecordedEvent, read: ReadView): Promise<{ id: string; thread_id: string } | null> {
  if (!ProjectStatusChanged.is(e) || !recordsStatusChange(e.data.from, e.data.to)) return null;
  const p = await read.get('projects', streamEntity(e.streamId));
  return p ? { id: p.id, thread_id: p.thread_id } : null;
}

/** A thread after an event (null: it does not exist); `project` is the project of a status change. */
export function evolveThread(t: ThreadDoc | null, e: RecordedEvent, project: { id: string; thread_id: string } | null, id: string): ThreadDoc | null {
  if (ProjectCreated.is(e)) return t ?? emptyThread(id, id === e.data.thread_id ? 'project' : 'comments', e.data.project_id);
  if (ReportFiled.is(e)) return t ?? emptyThread(id, 'report', e.data.report_id);
  if (ProjectStatusChanged.is(e)) {
    if (!project) return t;
    const { from, to } = e.data;
    const base = t ?? emptyThread(id, 'project', project.id);
    const messageId = statusMessageId(e.metadata.eventId);
    if (base.messages.some((m) => m.id === messageId)) return t; // idempotent
    const day = e.metadata.time.slice(0, 10);
    return {
      ...base,
      messages: [
        ...base.messages,
        { id: messageId, author_id: e.metadata.actor, body: { type: 'status_change', old_status: from, new_status: to }, created: e.metadata.time },
      ],
      reviewed_days: from === 'processing' && !base.reviewed_days.includes(day) ? [...base.reviewed_days, day] : base.reviewed_days,
    };
  }
  if (ThreadMessageSent.is(e)) {
    const d = e.data;
    const base = t ?? emptyThread(id, d.thread_type, d.item_id);
    if (base.messages.some((m) => m.id === d.message_id)) return t;
    const message = {
      id: d.message_id,
      author_id: d.author_id,
      created: e.metadata.time,
      body: { type: 'text' as const, body: d.body, private: d.private, replying_to: d.replying_to },
    };
    return { ...base, messages: [...base.messages, message] };
  }
  if (ThreadMessageDeleted.is(e)) {
    const m = t?.messages.find((x) => x.id === e.data.message_id);
    if (!t || !m || m.body.type !== 'text') return t;
    const deleted = { ...m, body: { type: 'deleted' as const, private: m.body.private } };
    return { ...t, messages: t.messages.map((x) => (x === m ? deleted : x)) };
  }
  return t;
}

function threadIds(e: RecordedEvent, project: { thread_id: string } | null): string[] {
  if (ProjectCreated.is(e)) return [e.data.thread_id, commentThreadId(e.data.project_id)];
  if (ReportFiled.is(e) || ThreadMessageSent.is(e)) return [e.data.thread_id];
  if (ProjectStatusChanged.is(e)) return project ? [project.thread_id] : [];
  if (ThreadMessageDeleted.is(e)) return [streamEntity(e.streamId)];
  return [];
}

const threads = documentProjection({
  collection: 'threads',
  canHandle: typesOf(ProjectCreated, ReportFiled, ProjectStatusChanged, ThreadMessageSent, ThreadMessageDeleted),
  join: statusProject,
  documentIds: threadIds,
  evolve: evolveThread,
  creates: (e) => createsProject(e) || createsReport(e),
});

/**
 * Threads: each project's moderation and comment threads (made with the project), each report's
 * thread, written messages (ThreadMessageSent / ThreadMessageDeleted: a deleted message stays as
 * `deleted`), and the project's status changes as `status_change` messages of its moderation thread.
 */
export const threadProjector = defineProjector({ name: 'threadProjector', documents: [threads] });

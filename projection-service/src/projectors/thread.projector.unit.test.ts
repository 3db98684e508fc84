import { describe, expect, it } from 'vitest';
import {
  ProjectStatusChanged,
  ReportFiled,
  ThreadMessageDeleted,
  ThreadMessageSent,
  commentThreadId,
  projectStream,
  reportStream,
  threadStream,
} from '@modshelf/events';
import { EventLog, given, projectCreated } from '../testing/given-events';
import { projectProjector } from './project.projector';
import { statusMessageId, threadProjector } from './thread.projector';

const P = 'PROJ0001';
const T = 'THRD0001';
const projectors = [projectProjector, threadProjector];
const message = (message_id: string, fields: Partial<Parameters<typeof ThreadMessageSent>[0]> = {}) =>
  ThreadMessageSent({
    message_id,
    thread_id: T,
    thread_type: 'project',
    item_id: P,
    author_id: 'OWNER001',
    body: 'hello',
    private: false,
    replying_to: null,
    ...fields,
  });

describe('thread projector: given events, then the threads', () => {
  it('ProjectCreated makes its moderation and comment threads; ReportFiled the report thread', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(projectStream(P), projectCreated(P, 'OWNER001')),
        log.on(
          reportStream('REPT0001'),
          ReportFiled({
            report_id: 'REPT0001',
            reporter_id: 'USER0001',
            report_type: 'spam',
            item_type: 'project',
            item_id: P,
            body: 'x',
            thread_id: 'THRD0002',
          }),
        ),
      ],
      projectors,
    );
    const cid = commentThreadId(P);
    expect(then.documents.threads).toEqual({
      [T]: { id: T, type: 'project', project_id: P, report_id: null, messages: [], reviewed_days: [] },
      [cid]: { id: cid, type: 'comments', project_id: P, report_id: null, messages: [], reviewed_days: [] },
      THRD0002: { id: 'THRD0002', type: 'report', project_id: null, report_id: 'REPT0001', messages: [], reviewed_days: [] },
    });
  });

  it('ProjectStatusChanged records staff decisions and submissions once, with the day a review left the queue', async () => {
    const log = new EventLog();
    const submitted = log.on(projectStream(P), ProjectStatusChanged({ from: 'draft', to: 'processing' }), 'OWNER001');
    const approved = log.on(projectStream(P), ProjectStatusChanged({ from: 'processing', to: 'approved' }), 'STAFF001');
    const then = await given(
      {},
      [
        log.on(projectStream(P), projectCreated(P, 'OWNER001')),
        submitted,
        approved,
        approved, // delivered again: recorded once
        log.on(projectStream(P), ProjectStatusChanged({ from: 'approved', to: 'unlisted' }), 'OWNER001'), // the team's own visibility: not recorded
      ],
      projectors,
    );
    const t = then.documents.threads?.[T];
    expect(t?.messages).toEqual([
      {
        id: statusMessageId(submitted.metadata.eventId),
        author_id: 'OWNER001',
        body: { type: 'status_change', old_status: 'draft', new_status: 'processing' },
        created: submitted.metadata.time,
      },
      {
        id: statusMessageId(approved.metadata.eventId),
        author_id: 'STAFF001',
        body: { type: 'status_change', old_status: 'processing', new_status: 'approved' },
        created: approved.metadata.time,
      },
    ]);
    expect(t?.reviewed_days).toEqual(['2024-01-01']);
  });

  it('ThreadMessageSent adds a message once (making the thread when needed); ThreadMessageDeleted leaves it as deleted', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(threadStream(T), message('MESG0001', { private: true })),
        log.on(threadStream(T), message('MESG0001', { body: 'again' })),
        log.on(threadStream(T), message('MESG0002', { replying_to: 'MESG0001' })),
        log.on(threadStream(T), ThreadMessageDeleted({ message_id: 'MESG0001', deleted_by: 'OWNER001' })),
        log.on(threadStream(T), ThreadMessageDeleted({ message_id: 'MESG0001', deleted_by: 'OWNER001' })),
      ],
      projectors,
    );
    expect(then.documents.threads?.[T]).toEqual({
      id: T,
      type: 'project',
      project_id: P,
      report_id: null,
      reviewed_days: [],
      messages: [
        { id: 'MESG0001', author_id: 'OWNER001', created: '2024-01-01T00:01:00.000Z', body: { type: 'deleted', private: true } },
        {
          id: 'MESG0002',
          author_id: 'OWNER001',
          created: '2024-01-01T00:03:00.000Z',
          body: { type: 'text', body: 'hello', private: false, replying_to: 'MESG0001' },
        },
      ],
    });
  });

  it('a deletion in a thread that does not exist, and a status change of a missing project, change nothing', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(threadStream(T), ThreadMessageDeleted({ message_id: 'MESG0001', deleted_by: 'OWNER001' })),
        log.on(projectStream(P), ProjectStatusChanged({ from: 'draft', to: 'processing' })),
      ],
      projectors,
    );
    expect(then.documents).toEqual({});
  });
});

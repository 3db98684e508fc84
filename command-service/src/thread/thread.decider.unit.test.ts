import { describe, expect, it } from 'vitest';
import { ThreadMessageDeleted, ThreadMessageSent } from '@modshelf/events';
import { given } from '../catalogue/testing/given';
import { MEMBER, MODERATOR, OWNER, STRANGER } from '../catalogue/testing/fixtures';
import { RATE_LIMIT_MESSAGES, canReadThread, threadDecider, type ThreadFacts } from './thread.decider';

const T0 = Date.parse('2026-01-01T00:00:00.000Z'); // the time given() records events at
const project: ThreadFacts = { type: 'project', itemId: 'ProjAAAA', teamMember: true, projectVisible: true, reporter: false, reportClosed: false };
const outsider: ThreadFacts = { ...project, teamMember: false };
const comments: ThreadFacts = { ...project, type: 'comments', teamMember: false };
const report: ThreadFacts = { type: 'report', itemId: 'ReportAA', teamMember: false, projectVisible: false, reporter: true, reportClosed: false };

const send = (
  actor: typeof OWNER | typeof MODERATOR,
  facts: ThreadFacts,
  over: Partial<{ messageId: string; body: string; private: boolean; replyingTo: string | null; now: number }> = {},
) => ({
  kind: 'send' as const,
  actor,
  facts,
  threadId: 'ThreadAA',
  messageId: 'MessageA',
  body: 'Hello **there**',
  private: false,
  replyingTo: null,
  now: T0 + 120_000,
  ...over,
});
const sent = (messageId: string, author: string, facts: ThreadFacts, body = 'Hello **there**', priv = false, replying_to: string | null = null) =>
  ThreadMessageSent({
    message_id: messageId,
    thread_id: 'ThreadAA',
    thread_type: facts.type,
    item_id: facts.itemId,
    author_id: author,
    body,
    private: priv,
    replying_to,
  });

describe('thread decider', () => {
  it('the team and staff read and post on the moderation thread; others see nothing (404)', () => {
    given(threadDecider, [])
      .when(send(OWNER, project))
      .then([sent('MessageA', OWNER.userId, project)]);
    given(threadDecider, [])
      .when(send(MODERATOR, outsider))
      .then([sent('MessageA', MODERATOR.userId, outsider)]);
    given(threadDecider, []).when(send(STRANGER, outsider)).thenError('not_found');
    expect(canReadThread(outsider, STRANGER)).toBe(false);
    expect(canReadThread(outsider, MODERATOR)).toBe(true);
  });

  it('private notes: staff only, never on comments', () => {
    given(threadDecider, [])
      .when(send(MODERATOR, outsider, { private: true }))
      .then([sent('MessageA', MODERATOR.userId, outsider, 'Hello **there**', true)]);
    given(threadDecider, [])
      .when(send(OWNER, project, { private: true }))
      .thenError('unauthorized');
    given(threadDecider, [])
      .when(send(MODERATOR, comments, { private: true }))
      .thenError('invalid_input');
  });

  it('comments: anyone who sees the project posts; a hidden project hides them; length is checked; bodies are trimmed', () => {
    given(threadDecider, [])
      .when(send(STRANGER, comments, { body: '  nice mod  ' }))
      .then([sent('MessageA', STRANGER.userId, comments, 'nice mod')]);
    given(threadDecider, [])
      .when(send(STRANGER, { ...comments, projectVisible: false }))
      .thenError('not_found');
    given(threadDecider, [])
      .when(send(STRANGER, comments, { body: 'x'.repeat(4001) }))
      .thenError('invalid_input', /at most 4000/);
    given(threadDecider, [])
      .when(send(STRANGER, comments, { body: '   ' }))
      .thenError('invalid_input', /empty/);
  });

  it('reports: the reporter and staff; a closed report takes no more replies from the reporter', () => {
    given(threadDecider, [])
      .when(send(OWNER, report))
      .then([sent('MessageA', OWNER.userId, report)]);
    given(threadDecider, [])
      .when(send(STRANGER, { ...report, reporter: false }))
      .thenError('not_found');
    given(threadDecider, [])
      .when(send(OWNER, { ...report, reportClosed: true }))
      .thenError('invalid_input', /closed report/);
    given(threadDecider, [])
      .when(send(MODERATOR, { ...report, reporter: false, reportClosed: true }))
      .thenTypes(['ThreadMessageSent']);
  });

  it('replies point at a visible message of the same thread', () => {
    const first = sent('MessageA', MODERATOR.userId, project);
    given(threadDecider, [first])
      .when(send(OWNER, project, { messageId: 'MessageB', replyingTo: 'MessageA' }))
      .then([sent('MessageB', OWNER.userId, project, 'Hello **there**', false, 'MessageA')]);
    given(threadDecider, [first])
      .when(send(OWNER, project, { messageId: 'MessageB', replyingTo: 'Missing1' }))
      .thenError('invalid_input');
    const note = sent('NoteAAAA', MODERATOR.userId, project, 'staff only', true);
    given(threadDecider, [note])
      .when(send(OWNER, project, { messageId: 'MessageB', replyingTo: 'NoteAAAA' }))
      .thenError('invalid_input');
  });

  it(`rate limit: ${RATE_LIMIT_MESSAGES} messages per author and thread per minute`, () => {
    const history = Array.from({ length: RATE_LIMIT_MESSAGES }, (_, i) => sent(`Message${i}`, STRANGER.userId, comments));
    given(threadDecider, history)
      .when(send(STRANGER, comments, { messageId: 'MessageZ', now: T0 + 30_000 }))
      .thenError('rate_limited', /too fast/);
    // another author is not slowed down by them, and a minute later the author may write again
    given(threadDecider, history)
      .when(send(OWNER, comments, { messageId: 'MessageZ', now: T0 + 30_000 }))
      .thenTypes(['ThreadMessageSent']);
    given(threadDecider, history)
      .when(send(STRANGER, comments, { messageId: 'MessageZ', now: T0 + 60_001 }))
      .thenTypes(['ThreadMessageSent']);
  });

  it('delete: the author or staff; a deleted or unknown message is 404', () => {
    const m = sent('MessageA', STRANGER.userId, comments);
    given(threadDecider, [m])
      .when({ kind: 'delete', actor: STRANGER, facts: comments, messageId: 'MessageA' })
      .then([ThreadMessageDeleted({ message_id: 'MessageA', deleted_by: STRANGER.userId })]);
    given(threadDecider, [m]).when({ kind: 'delete', actor: MEMBER, facts: comments, messageId: 'MessageA' }).thenError('unauthorized');
    given(threadDecider, [m]).when({ kind: 'delete', actor: MODERATOR, facts: comments, messageId: 'MessageA' }).thenTypes(['ThreadMessageDeleted']);
    given(threadDecider, [m, ThreadMessageDeleted({ message_id: 'MessageA', deleted_by: STRANGER.userId })])
      .when({ kind: 'delete', actor: STRANGER, facts: comments, messageId: 'MessageA' })
      .thenError('not_found');
    given(threadDecider, [m]).when({ kind: 'delete', actor: STRANGER, facts: comments, messageId: 'Unknown1' }).thenError('not_found');
    // a staff note is invisible to the team, so they cannot delete it either
    const note = sent('NoteAAAA', MODERATOR.userId, project, 'staff only', true);
    given(threadDecider, [note]).when({ kind: 'delete', actor: OWNER, facts: project, messageId: 'NoteAAAA' }).thenError('not_found');
  });
});

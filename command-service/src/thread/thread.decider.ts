import { MAX_COMMENT_LENGTH, ThreadMessageDeleted, ThreadMessageSent, type DecidedEvent, type RecordedEvent, type ThreadType } from '@modshelf/events';
import { conflict, invalidInput, notFound, RateLimited, unauthorized } from '@modshelf/contract';
import type { Decider } from '../kernel/decider';
import { isStaff, type CommandActor } from '../catalogue/actor';

/** Messages one author may send to one thread per RATE_WINDOW_MS (then 429 ratelimit_error). */
export const RATE_LIMIT_MESSAGES = 5;
export const RATE_WINDOW_MS = 60_000;

/**
 * What the command handler found out about the thread's owner (the project or the report)
 * and the actor's place in it. The decider turns these facts into Modrinth's rules.
 */
export interface ThreadFacts {
  type: ThreadType;
  itemId: string;
  /** project and comment threads: the actor is on the project's team */
  teamMember: boolean;
  /** comment threads: the actor may see the project (listed, or team/staff for hidden ones) */
  projectVisible: boolean;
  /** report threads: the actor filed the report */
  reporter: boolean;
  reportClosed: boolean;
}

interface MessageState {
  author_id: string;
  private: boolean;
  deleted: boolean;
}

export interface ThreadState {
  messages: Map<string, MessageState>;
  /** send times (ms) per author, the most recent RATE_LIMIT_MESSAGES of each */
  recent: Map<string, number[]>;
}

export type ThreadCommand =
  | {
      kind: 'send';
      actor: CommandActor;
      facts: ThreadFacts;
      threadId: string;
      messageId: string;
      body: string;
      private: boolean;
      replyingTo: string | null;
      /** the command's time (ms), for the rate limit */
      now: number;
    }
  | { kind: 'delete'; actor: CommandActor; facts: ThreadFacts; messageId: string };

/** Who may read a thread (everyone else gets 404, as Modrinth answers for hidden threads). */
export function canReadThread(f: ThreadFacts, actor: CommandActor): boolean {
  if (f.type === 'comments') return f.projectVisible;
  if (isStaff(actor)) return true;
  return f.type === 'project' ? f.teamMember : f.reporter;
}

export function evolveThread(s: ThreadState, e: RecordedEvent): ThreadState {
  if (ThreadMessageSent.is(e)) {
    const messages = new Map(s.messages).set(e.data.message_id, { author_id: e.data.author_id, private: e.data.private, deleted: false });
    const times = [...(s.recent.get(e.data.author_id) ?? []), Date.parse(e.metadata.time)].slice(-RATE_LIMIT_MESSAGES);
    return { messages, recent: new Map(s.recent).set(e.data.author_id, times) };
  }
  if (ThreadMessageDeleted.is(e)) {
    const m = s.messages.get(e.data.message_id);
    if (!m) return s;
    return { ...s, messages: new Map(s.messages).set(e.data.message_id, { ...m, deleted: true }) };
  }
  return s;
}

export function decideThread(c: ThreadCommand, s: ThreadState): DecidedEvent[] {
  if (!canReadThread(c.facts, c.actor)) throw notFound('The requested thread was not found');
  const staff = isStaff(c.actor);
  if (c.kind === 'delete') {
    const m = s.messages.get(c.messageId);
    if (!m || m.deleted || (m.private && !staff)) throw notFound('The requested message was not found');
    if (m.author_id !== c.actor.userId && !staff) throw unauthorized('You cannot delete this message!');
    return [ThreadMessageDeleted({ message_id: c.messageId, deleted_by: c.actor.userId })];
  }
  const body = c.body.trim();
  if (!body) throw invalidInput('The message must not be empty');
  if (c.facts.type === 'comments' && body.length > MAX_COMMENT_LENGTH) {
    throw invalidInput(`A comment may be at most ${MAX_COMMENT_LENGTH} characters long`);
  }
  if (c.private) {
    if (c.facts.type === 'comments') throw invalidInput('Comments cannot be private; staff notes belong in the moderation thread');
    if (!staff) throw unauthorized('You are not allowed to send private messages!');
  }
  if (c.facts.type === 'report' && c.facts.reportClosed && !staff) throw invalidInput('You may not reply to a closed report');
  if (c.replyingTo !== null) {
    const target = s.messages.get(c.replyingTo);
    if (!target || target.deleted || (target.private && !staff)) throw invalidInput('The message replied to is not in this thread');
  }
  if (s.messages.has(c.messageId)) throw conflict('a message with this id already exists');
  const recent = (s.recent.get(c.actor.userId) ?? []).filter((t) => c.now - t < RATE_WINDOW_MS);
  if (recent.length >= RATE_LIMIT_MESSAGES) {
    const wait = Math.max(0, RATE_WINDOW_MS - (c.now - recent[0]));
    throw new RateLimited(`You are sending messages too fast. Please wait ${wait} milliseconds.`);
  }
  return [
    ThreadMessageSent({
      message_id: c.messageId,
      thread_id: c.threadId,
      thread_type: c.facts.type,
      item_id: c.facts.itemId,
      author_id: c.actor.userId,
      body,
      private: c.private,
      replying_to: c.replyingTo,
    }),
  ];
}

export const threadDecider: Decider<ThreadCommand, ThreadState> = {
  initialState: { messages: new Map(), recent: new Map() },
  evolve: evolveThread,
  decide: decideThread,
};

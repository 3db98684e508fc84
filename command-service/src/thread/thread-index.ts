import {
  ProjectCreated, ReportFiled, ThreadMessageSent, commentThreadId, type RecordedEvent, type ThreadType,
} from '@modshelf/events';

export interface ThreadOwner {
  type: ThreadType;
  /** the project id (project and comment threads) or the report id */
  itemId: string;
}

/**
 * The write side's map from thread ids to what they belong to, and from message ids
 * to their thread: folded from the same log pass as the catalogue lookup.
 */
export class ThreadIndex {
  private readonly threads = new Map<string, ThreadOwner>();
  private readonly messages = new Map<string, string>();

  apply(e: RecordedEvent): void {
    if (ProjectCreated.is(e)) {
      this.threads.set(e.data.thread_id, { type: 'project', itemId: e.data.project_id });
      this.threads.set(commentThreadId(e.data.project_id), { type: 'comments', itemId: e.data.project_id });
    } else if (ReportFiled.is(e)) {
      this.threads.set(e.data.thread_id, { type: 'report', itemId: e.data.report_id });
    } else if (ThreadMessageSent.is(e)) {
      this.messages.set(e.data.message_id, e.data.thread_id);
    }
  }

  thread(threadId: string): ThreadOwner | null {
    return this.threads.get(threadId) ?? null;
  }

  threadOfMessage(messageId: string): string | null {
    return this.messages.get(messageId) ?? null;
  }
}

import type { z } from 'zod';
import type { fields } from '@modshelf/events';

type ProjectStatus = z.output<typeof fields.projectStatus>;

/** Read-model documents of threads (wire field names, Modrinth's Thread and ThreadMessage). */

export type MessageBodyDoc =
  | { type: 'text'; body: string; private: boolean; replying_to: string | null }
  | { type: 'status_change'; old_status: ProjectStatus; new_status: ProjectStatus }
  | { type: 'deleted'; private: boolean };

export interface MessageDoc {
  id: string;
  author_id: string | null;
  body: MessageBodyDoc;
  created: string;
}

export interface ThreadDoc {
  id: string;
  /** project (moderation: team <-> staff) | comments (public on listed projects) | report (reporter <-> staff) */
  type: 'project' | 'comments' | 'report';
  project_id: string | null;
  report_id: string | null;
  messages: MessageDoc[];
  /** project threads: the days (YYYY-MM-DD) staff decided on the project leaving the queue (queue throughput) */
  reviewed_days: string[];
}

export const THREAD_INDEXES = {
  threads: {
    item: (t: ThreadDoc) => [t.project_id ?? t.report_id ?? ''],
    reviewed: (t: ThreadDoc) => t.reviewed_days,
  },
};

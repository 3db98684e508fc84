import { z } from 'zod';
import { DateTime, Id } from './common';
import { Project } from './project';

/** Answers of the staff moderation queue and the audit timelines. */

const LockHolder = z.strictObject({ id: Id, username: z.string().nullable() });

export const QueuedProject = Project.extend({
  author: z.string().nullable().meta({ description: "Modshelf: the owner's username" }),
  locked_by: LockHolder.nullable().meta({ description: 'the moderator holding the review lock, null when free' }),
  lock_expires: DateTime.nullable(),
});

export const ReviewLock = z.strictObject({
  project_id: Id,
  locked: z.boolean(),
  locked_by: LockHolder.nullable(),
  expires: DateTime.nullable(),
});

export const ReviewLockTaken = z.strictObject({ project_id: Id, locked_by: z.strictObject({ id: Id, username: z.string() }), expires: DateTime });

export const ModerationStats = z.strictObject({
  projects: z.number().int().nonnegative().meta({ description: 'projects in processing' }),
  open_reports: z.number().int().nonnegative(),
  reports: z.number().int().nonnegative(),
});

export const TimelineEntry = z.strictObject({
  revision: z.number().int().nonnegative().meta({ description: '0-based revision in the stream' }),
  position: z.number().int().positive().meta({ description: 'global log position' }),
  type: z.string().meta({ description: 'past-tense event type, e.g. ProjectStatusChanged' }),
  schema_version: z.number().int().positive().meta({ description: 'after upcasting: the current schema version of the type' }),
  time: DateTime,
  actor: z.strictObject({ id: Id, username: z.string().nullable() }).nullable().meta({ description: 'null: the system' }),
  command_id: z.string(),
  correlation_id: z.string(),
  causation_id: z.string(),
  data: z.record(z.string(), z.unknown()).meta({ description: "the event's data (the log holds no personal data)" }),
});

export const AsOfAnswer = z.strictObject({
  stream_id: z.string(),
  as_of: DateTime,
  revision: z.number().int().min(-1).meta({ description: 'revision of the last event folded; -1 when the aggregate did not exist yet' }),
  exists: z.boolean(),
  state: z.record(z.string(), z.unknown()).nullable().meta({ description: 'the read-model document as of that moment, folded by the read-side projectors' }),
  timeline: z.array(TimelineEntry),
});

export type QueuedProject = z.output<typeof QueuedProject>;
export type ReviewLock = z.output<typeof ReviewLock>;
export type TimelineEntry = z.output<typeof TimelineEntry>;
export type AsOfAnswer = z.output<typeof AsOfAnswer>;
export type ModerationStats = z.output<typeof ModerationStats>;

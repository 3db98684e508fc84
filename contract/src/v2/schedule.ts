import { z } from 'zod';

/** The statuses a scheduled project may be released into (Modrinth's Schedule.requested_status). */
export const PROJECT_SCHEDULE_STATUSES = ['approved', 'archived', 'unlisted', 'private', 'draft'] as const;
/** The statuses a scheduled version may be released into. */
export const VERSION_SCHEDULE_STATUSES = ['listed', 'archived', 'draft', 'unlisted'] as const;

const time = z.iso.datetime({ offset: true }).meta({ description: 'ISO-8601 release time; must be in the future' });

/** Modrinth's Schedule for a project. */
export const scheduleProjectInput = z.object({
  time,
  requested_status: z.enum(PROJECT_SCHEDULE_STATUSES).meta({ description: 'The status the project takes at `time`' }),
});
/** Modrinth's Schedule for a version (version statuses). */
export const scheduleVersionInput = z.object({
  time,
  requested_status: z.enum(VERSION_SCHEDULE_STATUSES).meta({ description: 'The status the version takes at `time`' }),
});

import { z } from 'zod';
import { PROJECT_SCHEDULE_STATUSES, VERSION_SCHEDULE_STATUSES } from '@modshelf/events';

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

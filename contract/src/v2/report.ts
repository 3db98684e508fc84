import { z } from 'zod';
import { REPORT_ITEM_TYPES } from '../tags';
import { DateTime, Id } from './common';

export const Report = z.strictObject({
  id: Id,
  report_type: z.string(),
  item_id: z.string(),
  item_type: z.enum(REPORT_ITEM_TYPES),
  reporter: Id,
  body: z.string(),
  created: DateTime,
  closed: z.boolean(),
  thread_id: Id,
});
export type Report = z.output<typeof Report>;

/** Modrinth's CreatableReport (POST /v2/report). */
export const createReportInput = z.object({
  report_type: z.string().min(1).max(64),
  item_id: z.string().min(1).max(64),
  item_type: z.enum(REPORT_ITEM_TYPES),
  body: z.string().max(65536),
});
/** PATCH /v2/report/{id}. */
export const editReportInput = z.object({
  body: z.string().max(65536).optional(),
  closed: z.boolean().optional(),
  /** Modshelf: staff's message to the reporter, kept on the close / reopen event (ignored without a change of `closed`). */
  message: z.string().max(2048).optional(),
});

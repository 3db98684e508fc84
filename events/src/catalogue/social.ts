import { z } from 'zod';
import { defineEvent } from '../registry';
import { REPORT_ITEM_TYPES, REPORT_TYPES } from './tags';
import { id } from './fields';

/** Stream: follows-<user_id>: the projects one user follows. */
export const followsStream = (userId: string) => `follows-${userId}`;
export const ProjectFollowed = defineEvent('ProjectFollowed', 1, z.object({ user_id: id, project_id: id }));
export const ProjectUnfollowed = defineEvent('ProjectUnfollowed', 1, z.object({ user_id: id, project_id: id }));

/** Stream: report-<report_id>. */
export const reportStream = (reportId: string) => `report-${reportId}`;
export const ReportFiled = defineEvent(
  'ReportFiled',
  1,
  z.object({
    report_id: id,
    reporter_id: id,
    report_type: z.enum(REPORT_TYPES),
    item_type: z.enum(REPORT_ITEM_TYPES),
    item_id: id,
    body: z.string().max(65536),
    thread_id: id,
  }),
);
export const ReportEdited = defineEvent('ReportEdited', 1, z.object({ body: z.string().max(65536).optional() }));
/** `message`: the moderator's word to the reporter (optional; older events have none). */
export const ReportClosed = defineEvent('ReportClosed', 1, z.object({ closed_by: id, message: z.string().max(2048).optional() }));
export const ReportReopened = defineEvent('ReportReopened', 1, z.object({ reopened_by: id, message: z.string().max(2048).optional() }));

import type { Report } from '@modshelf/contract/v2';
import type { ReportDoc } from '../read-model/documents';

/** Modrinth's Report shape. */
export const reportView = (r: ReportDoc): Report => ({
  id: r.id,
  report_type: r.report_type,
  item_id: r.item_id,
  item_type: r.item_type,
  reporter: r.reporter,
  body: r.body,
  created: r.created,
  closed: r.closed,
  thread_id: r.thread_id,
});

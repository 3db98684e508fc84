import { ProjectFollowed, ProjectUnfollowed, ReportClosed, ReportEdited, ReportFiled, ReportReopened, type RecordedEvent } from '@modshelf/events';
import { streamEntity, type BatchContext } from './context';

export const followId = (userId: string, projectId: string) => `${userId}:${projectId}`;

/** Follows (one per user and project; the project's follower count follows) and reports. */
export async function socialProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (ProjectFollowed.is(e) || ProjectUnfollowed.is(e)) {
    const { user_id, project_id } = e.data;
    const fid = followId(user_id, project_id);
    const existing = await ctx.get('follows', fid);
    const follow = ProjectFollowed.is(e);
    if (follow === (existing !== null)) return; // already in that state: idempotent
    const p = await ctx.get('projects', project_id);
    if (follow) {
      if (!p) return;
      ctx.put('follows', fid, { user_id, project_id, created: e.metadata.time });
    } else ctx.delete('follows', fid);
    if (p) {
      p.followers = Math.max(0, p.followers + (follow ? 1 : -1));
      ctx.put('projects', p.id, p);
    }
    return;
  }
  if (!e.streamId.startsWith('report-')) return;
  const id = streamEntity(e.streamId);
  if (ReportFiled.is(e)) {
    const d = e.data;
    ctx.put('reports', d.report_id, {
      id: d.report_id,
      report_type: d.report_type,
      item_type: d.item_type,
      item_id: d.item_id,
      reporter: d.reporter_id,
      body: d.body,
      created: e.metadata.time,
      closed: false,
      thread_id: d.thread_id,
    });
    return;
  }
  const r = await ctx.get('reports', id);
  if (!r) return;
  if (ReportEdited.is(e)) {
    if (e.data.body !== undefined) r.body = e.data.body;
  } else if (ReportClosed.is(e)) r.closed = true;
  else if (ReportReopened.is(e)) r.closed = false;
  else return;
  ctx.put('reports', id, r);
}

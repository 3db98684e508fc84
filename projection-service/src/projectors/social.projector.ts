import { ProjectFollowed, ProjectUnfollowed, ReportClosed, ReportEdited, ReportFiled, ReportReopened, type RecordedEvent } from '@modshelf/events';
import type { ReportDoc } from '../read-model/documents';
import { createsReport } from './creations';
import { defineProjector, documentProjection, noJoin, streamIds, typesOf, type ReadView } from './evolve';

export const followId = (userId: string, projectId: string) => `${userId}:${projectId}`;

/** A user's follow of a project; not read when this batch created the project (a follow is made only while its project exists). */
export function readFollow(read: ReadView, userId: string, projectId: string) {
  const fid = followId(userId, projectId);
  return read.createdInBatch('projects', projectId) ? read.created('follows', fid) : read.get('follows', fid);
}

/** The ids of a project's follows; the store is not asked when this batch created the project (as readFollow). */
export function readFollows(read: ReadView, projectId: string): Promise<string[]> | string[] {
  return read.createdInBatch('projects', projectId) ? read.findIdsInBatch('follows', 'project', projectId) : read.findIds('follows', 'project', projectId);
}

/** A follow or unfollow that changes the follow (null: already in that state, idempotent), and whether the project exists. */
async function followChange(e: RecordedEvent, read: ReadView): Promise<{ follow: boolean; fid: string; projectExists: boolean } | null> {
  if (!ProjectFollowed.is(e) && !ProjectUnfollowed.is(e)) return null;
  const { user_id, project_id } = e.data;
  const fid = followId(user_id, project_id);
  const follow = ProjectFollowed.is(e);
  if (follow === ((await readFollow(read, user_id, project_id)) !== null)) return null;
  return { follow, fid, projectExists: (await read.get('projects', project_id)) !== null };
}

/** The project's follower count follows a changed follow (read before the follow changes). */
const followers = documentProjection({
  collection: 'projects',
  canHandle: typesOf(ProjectFollowed, ProjectUnfollowed),
  join: followChange,
  documentIds: (e, c) => (c && (ProjectFollowed.is(e) || ProjectUnfollowed.is(e)) ? [e.data.project_id] : []),
  evolve: (p, _e, c) => (p && c ? { ...p, followers: Math.max(0, p.followers + (c.follow ? 1 : -1)) } : p),
});

/** One follow per user and project; a follow of a project that does not exist is not recorded. */
const follows = documentProjection({
  collection: 'follows',
  canHandle: typesOf(ProjectFollowed, ProjectUnfollowed),
  join: followChange,
  documentIds: (_e, c) => (c ? [c.fid] : []),
  evolve: (doc, e, c) => {
    if (!c) return doc;
    if (!ProjectFollowed.is(e)) return null;
    return c.projectExists ? { user_id: e.data.user_id, project_id: e.data.project_id, created: e.metadata.time } : doc;
  },
});

/** A report after an event of its stream (null: never filed). */
export function evolveReport(r: ReportDoc | null, e: RecordedEvent): ReportDoc | null {
  if (ReportFiled.is(e)) {
    const d = e.data;
    return {
      id: d.report_id,
      report_type: d.report_type,
      item_type: d.item_type,
      item_id: d.item_id,
      reporter: d.reporter_id,
      body: d.body,
      created: e.metadata.time,
      closed: false,
      thread_id: d.thread_id,
    };
  }
  if (!r) return r;
  if (ReportEdited.is(e)) return e.data.body !== undefined ? { ...r, body: e.data.body } : { ...r };
  if (ReportClosed.is(e)) return { ...r, closed: true };
  if (ReportReopened.is(e)) return { ...r, closed: false };
  return r;
}

const reports = documentProjection({
  collection: 'reports',
  canHandle: typesOf(ReportFiled, ReportEdited, ReportClosed, ReportReopened),
  join: noJoin,
  documentIds: (e) => (ReportFiled.is(e) && e.streamId.startsWith('report-') ? [e.data.report_id] : streamIds(e, 'report')),
  evolve: evolveReport,
  creates: createsReport,
});

/** Follows (one per user and project; the project's follower count follows) and reports. */
export const socialProjector = defineProjector({ name: 'socialProjector', documents: [followers, follows, reports] });

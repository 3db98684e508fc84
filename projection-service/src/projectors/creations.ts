import {
  ProjectCreated,
  ReportFiled,
  UserRegistered,
  VersionPublished,
  projectStream,
  reportStream,
  userStream,
  versionStream,
  type RecordedEvent,
} from '@modshelf/events';

/**
 * The events that create documents with ids they minted (DocumentProjection.creates): each as the first event of its own
 * stream, where its decider appends it once. A project's creation (the project, its moderation and comment threads), a
 * version's publication, a report's filing (the report, its thread), a user's registration. The 100k bench log's live catch-up
 * (13,738 events, 2% new projects) read 14,338 documents from the store, none of them there; with these, 3,200 (the new
 * projects' day figures and follows). The 1M one (136,370 events), three pairs alternated on a loaded machine: 9.5-10.7
 * CPU-s and 13.2k-15.0k events/s reading them, 8.9-9.7 CPU-s and 14.7k-16.0k events/s without (lower in each pair).
 */
const first = (e: RecordedEvent, stream: string): boolean => e.revision === 0 && e.streamId === stream;
export const createsProject = (e: RecordedEvent): boolean => ProjectCreated.is(e) && first(e, projectStream(e.data.project_id));
export const createsVersion = (e: RecordedEvent): boolean => VersionPublished.is(e) && first(e, versionStream(e.data.version_id));
export const createsReport = (e: RecordedEvent): boolean => ReportFiled.is(e) && first(e, reportStream(e.data.report_id));
export const createsUser = (e: RecordedEvent): boolean => UserRegistered.is(e) && first(e, userStream(e.data.user_id));

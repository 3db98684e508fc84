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
 * The events that create documents with ids they minted (DocumentProjection.creates), each on its own stream, where its
 * decider appends it first and once: a project's creation (the project, its moderation and comment threads), a version's
 * publication, a report's filing (the report, its thread), a user's registration.
 */
export const createsProject = (e: RecordedEvent): boolean => ProjectCreated.is(e) && e.streamId === projectStream(e.data.project_id);
export const createsVersion = (e: RecordedEvent): boolean => VersionPublished.is(e) && e.streamId === versionStream(e.data.version_id);
export const createsReport = (e: RecordedEvent): boolean => ReportFiled.is(e) && e.streamId === reportStream(e.data.report_id);
export const createsUser = (e: RecordedEvent): boolean => UserRegistered.is(e) && e.streamId === userStream(e.data.user_id);

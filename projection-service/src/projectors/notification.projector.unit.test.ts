import { describe, expect, it } from 'vitest';
import {
  NotificationsDeleted,
  NotificationsRead,
  OrganizationCreated,
  OrganizationMemberAdded,
  ProjectFollowed,
  ProjectStatusChanged,
  ReportClosed,
  ReportFiled,
  ReportReopened,
  TeamMemberAdded,
  ThreadMessageSent,
  UserDeleted,
  followsStream,
  notificationsStream,
  organizationStream,
  projectStream,
  reportStream,
  threadStream,
  userStream,
  versionStream,
  type RecordedEvent,
} from '@modshelf/events';
import { EventLog, given, projectCreated, userRegistered, versionPublished, type DocumentState } from '../testing/given-events';
import { PROJECTORS } from './index';
import { notificationId } from './notification.projector';

const P = 'PROJ0001';
const OWNER = 'OWNER001';
const FAN = 'FANFA001';
const STAFF = 'STAFF001';
const log = new EventLog();

/** A catalogue with an approved project of OWNER followed by FAN, a moderator, and a report by FAN. */
async function catalogue(): Promise<DocumentState> {
  const then = await given(
    {},
    [
      log.on(userStream(OWNER), userRegistered(OWNER, 'owner')),
      log.on(userStream(FAN), userRegistered(FAN, 'fan')),
      log.on(userStream(STAFF), userRegistered(STAFF, 'staff', { role: 'moderator' })),
      log.on(projectStream(P), projectCreated(P, OWNER, { status: 'approved', title: 'Gravestones', slug: 'gravestones' })),
      log.on(followsStream(FAN), ProjectFollowed({ user_id: FAN, project_id: P })),
      log.on(
        reportStream('REPT0001'),
        ReportFiled({ report_id: 'REPT0001', reporter_id: FAN, report_type: 'spam', item_type: 'project', item_id: P, body: 'x', thread_id: 'THRD0002' }),
        FAN,
      ),
    ],
    PROJECTORS,
  );
  return then.documents;
}

/** The notifications the events make, by recipient: [type, title, link]. */
async function notified(documents: DocumentState, ...events: RecordedEvent[]) {
  const then = await given(documents, events, PROJECTORS);
  const added = Object.values(then.documents.notifications ?? {}).filter((n) => !documents.notifications?.[n.id]);
  return added.map((n) => [n.user_id, n.type, n.title, n.link]).sort();
}

describe('notification projector: given events, then the notifications', () => {
  it('a listed version of a listed project notifies its followers (not its author), once per event', async () => {
    const docs = await catalogue();
    const published = log.on(versionStream('VERS0001'), versionPublished('VERS0001', P, { version_number: '2.0.0' }), OWNER);
    const then = await given(docs, [published, published], PROJECTORS);
    const id = notificationId(published.metadata.eventId, FAN);
    expect(then.documents.notifications).toEqual({
      [id]: {
        id,
        user_id: FAN,
        type: 'project_update',
        title: '**Gravestones** has been updated!',
        text: 'The project Gravestones has released a new version: 2.0.0',
        link: '/mod/gravestones/version/VERS0001',
        read: false,
        created: published.metadata.time,
        actions: [],
        source_event: published.metadata.eventId,
      },
    });
    expect(await notified(docs, log.on(versionStream('VERS0002'), versionPublished('VERS0002', P, { status: 'draft' }), OWNER))).toEqual([]);
  });

  it('a team or organization invite notifies the invitee, with accept and deny actions', async () => {
    const docs = await catalogue();
    const invite = log.on(
      projectStream(P),
      TeamMemberAdded({ user_id: FAN, role: 'Dev', permissions: 1, ordering: 1, accepted: false, is_owner: false }),
      OWNER,
    );
    const then = await given(docs, [invite], PROJECTORS);
    expect(then.documents.notifications?.[notificationId(invite.metadata.eventId, FAN)]?.actions).toEqual([
      { title: 'Accept', action_route: ['POST', `team/TEAM0001/join`] },
      { title: 'Deny', action_route: ['DELETE', `team/TEAM0001/members/${FAN}`] },
    ]);
    const org = await given(
      docs,
      [
        log.on(
          organizationStream('ORGA0001'),
          OrganizationCreated({ organization_id: 'ORGA0001', team_id: 'TEAM0009', owner_id: OWNER, slug: 'works', name: 'Works', description: 'We build' }),
          OWNER,
        ),
      ],
      PROJECTORS,
    );
    const orgInvite = OrganizationMemberAdded({
      user_id: FAN,
      role: 'Member',
      permissions: 0,
      organization_permissions: 0,
      ordering: 1,
      accepted: false,
      is_owner: false,
    });
    expect(await notified(org.documents, log.on(organizationStream('ORGA0001'), orgInvite, OWNER))).toEqual([
      [FAN, 'team_invite', 'You have been invited to join an organization!', '/organization/works'],
    ]);
    const joined = TeamMemberAdded({ user_id: FAN, role: 'Dev', permissions: 1, ordering: 1, accepted: true, is_owner: false });
    expect(await notified(docs, log.on(projectStream(P), joined, OWNER))).toEqual([]);
  });

  it('a report closed or reopened notifies the reporter', async () => {
    const docs = await catalogue();
    expect(await notified(docs, log.on(reportStream('REPT0001'), ReportClosed({ closed_by: STAFF, message: 'Thanks.' }), STAFF))).toEqual([
      [FAN, 'status_change', 'Your report has been closed', '/dashboard/report/REPT0001'],
    ]);
    expect(await notified(docs, log.on(reportStream('REPT0001'), ReportReopened({ reopened_by: STAFF }), STAFF))).toEqual([
      [FAN, 'status_change', 'Your report has been reopened', '/dashboard/report/REPT0001'],
    ]);
  });

  it("a status change by staff notifies the project's accepted team; the team's own does not", async () => {
    const docs = await catalogue();
    expect(await notified(docs, log.on(projectStream(P), ProjectStatusChanged({ from: 'approved', to: 'withheld' }), STAFF))).toEqual([
      [OWNER, 'status_change', 'Project **Gravestones** has been withheld', '/mod/gravestones'],
    ]);
    expect(await notified(docs, log.on(projectStream(P), ProjectStatusChanged({ from: 'approved', to: 'unlisted' }), OWNER))).toEqual([]);
  });

  it('a thread message notifies the other side: staff -> team, team -> the staff taking part; comments -> the team', async () => {
    const docs = await catalogue();
    const send = (author: string, fields: Partial<Parameters<typeof ThreadMessageSent>[0]>) =>
      log.on(
        threadStream('THRD0001'),
        ThreadMessageSent({
          message_id: 'MESG0001',
          thread_id: 'THRD0001',
          thread_type: 'project',
          item_id: P,
          author_id: author,
          body: 'hello',
          private: false,
          replying_to: null,
          ...fields,
        }),
        author,
      );
    expect(await notified(docs, send(STAFF, {}))).toEqual([
      [OWNER, 'moderator_message', 'A moderator sent a message about **Gravestones**', '/mod/gravestones/moderation'],
    ]);
    expect(await notified(docs, send(STAFF, { private: true }))).toEqual([]);
    const staffSpoke = await given(docs, [send(STAFF, {})], PROJECTORS);
    expect(await notified(staffSpoke.documents, send(OWNER, { message_id: 'MESG0002' }))).toEqual([
      [STAFF, null, '**owner** replied about **Gravestones**', `/moderation/review?project=${P}`],
    ]);
    expect(await notified(docs, send(FAN, { message_id: 'MESG0003', thread_type: 'comments', thread_id: 'THRD0003' }))).toEqual([
      [OWNER, null, '**fan** commented on **Gravestones**', '/mod/gravestones/comments'],
    ]);
    const report = (author: string) =>
      log.on(
        threadStream('THRD0002'),
        ThreadMessageSent({
          message_id: 'MESG0004',
          thread_id: 'THRD0002',
          thread_type: 'report',
          item_id: 'REPT0001',
          author_id: author,
          body: 'about it',
          private: false,
          replying_to: null,
        }),
        author,
      );
    expect(await notified(docs, report(STAFF))).toEqual([[FAN, 'moderator_message', 'A moderator replied to your report', '/dashboard/report/REPT0001']]);
  });

  it("NotificationsRead marks the owner's notifications read, NotificationsDeleted deletes them, UserDeleted deletes all of theirs", async () => {
    const docs = await catalogue();
    const published = log.on(versionStream('VERS0001'), versionPublished('VERS0001', P), OWNER);
    const id = notificationId(published.metadata.eventId, FAN);
    const withOne = (await given(docs, [published], PROJECTORS)).documents;
    const read = await given(
      withOne,
      [
        log.on(notificationsStream(OWNER), NotificationsRead({ ids: [id] }), OWNER), // not the owner's: unchanged
        log.on(notificationsStream(FAN), NotificationsRead({ ids: [id] }), FAN),
      ],
      PROJECTORS,
    );
    expect(read.documents.notifications?.[id]?.read).toBe(true);
    const deleted = await given(withOne, [log.on(notificationsStream(FAN), NotificationsDeleted({ ids: [id] }), FAN)], PROJECTORS);
    expect(deleted.documents.notifications).toEqual({});
    const gone = await given(withOne, [log.on(userStream(FAN), UserDeleted({}), FAN)], PROJECTORS);
    expect(gone.documents.notifications).toEqual({});
  });
});

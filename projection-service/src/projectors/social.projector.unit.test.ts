import { describe, expect, it } from 'vitest';
import {
  ProjectFollowed,
  ProjectUnfollowed,
  ReportClosed,
  ReportEdited,
  ReportFiled,
  ReportReopened,
  followsStream,
  projectStream,
  reportStream,
} from '@modshelf/events';
import { EventLog, given, projectCreated } from '../testing/given-events';
import { projectProjector } from './project.projector';
import { socialProjector } from './social.projector';

const P = 'PROJ0001';
const U = 'USER0001';
const R = 'REPT0001';
const projectors = [projectProjector, socialProjector];

describe('social projector: given events, then follows, follower counts and reports', () => {
  it('ProjectFollowed records one follow per user and project and counts it once', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(projectStream(P), projectCreated(P, 'OWNER001')),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
      ],
      projectors,
    );
    expect(then.documents.follows).toEqual({ [`${U}:${P}`]: { user_id: U, project_id: P, created: '2024-01-01T00:02:00.000Z' } });
    expect(then.documents.projects?.[P]?.followers).toBe(1);
  });

  it('ProjectUnfollowed removes the follow and the count, once', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(projectStream(P), projectCreated(P, 'OWNER001')),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
        log.on(followsStream(U), ProjectUnfollowed({ user_id: U, project_id: P })),
        log.on(followsStream(U), ProjectUnfollowed({ user_id: U, project_id: P })),
      ],
      projectors,
    );
    expect(then.documents.follows ?? {}).toEqual({});
    expect(then.documents.projects?.[P]?.followers).toBe(0);
  });

  it('a follow of a project that does not exist is not recorded', async () => {
    const log = new EventLog();
    const then = await given({}, [log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P }))], projectors);
    expect(then.documents).toEqual({});
  });

  it('ReportFiled makes the report; ReportEdited, ReportClosed and ReportReopened change it', async () => {
    const log = new EventLog();
    const filed = ReportFiled({ report_id: R, reporter_id: U, report_type: 'spam', item_type: 'project', item_id: P, body: 'spam!', thread_id: 'THRD0009' });
    const opened = await given({}, [log.on(reportStream(R), filed)], projectors);
    expect(opened.documents.reports?.[R]).toEqual({
      id: R,
      report_type: 'spam',
      item_type: 'project',
      item_id: P,
      reporter: U,
      body: 'spam!',
      created: '2024-01-01T00:01:00.000Z',
      closed: false,
      thread_id: 'THRD0009',
    });
    const closed = await given(
      opened.documents,
      [
        log.on(reportStream(R), ReportEdited({ body: 'really spam' })),
        log.on(reportStream(R), ReportEdited({})),
        log.on(reportStream(R), ReportClosed({ closed_by: 'STAFF001' })),
      ],
      projectors,
    );
    expect(closed.documents.reports?.[R]).toMatchObject({ body: 'really spam', closed: true });
    const reopened = await given(closed.documents, [log.on(reportStream(R), ReportReopened({ reopened_by: 'STAFF001' }))], projectors);
    expect(reopened.documents.reports?.[R]?.closed).toBe(false);
  });

  it('events of a report that does not exist change nothing', async () => {
    const log = new EventLog();
    const then = await given({}, [log.on(reportStream(R), ReportClosed({ closed_by: 'STAFF001' }))], projectors);
    expect(then.documents).toEqual({});
  });
});

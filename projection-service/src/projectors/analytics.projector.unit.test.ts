import { describe, expect, it } from 'vitest';
import {
  DownloadsCounted,
  PayoutCredited,
  ProjectFollowed,
  ProjectUnfollowed,
  ProjectViewsCounted,
  downloadsStream,
  followsStream,
  payoutsStream,
  projectStream,
  viewsStream,
} from '@modshelf/events';
import { EventLog, given, projectCreated } from '../testing/given-events';
import { analyticsProjector } from './analytics.projector';
import { projectProjector } from './project.projector';
import { socialProjector } from './social.projector';

const P = 'PROJ0001';
const U = 'USER0001';
/** analytics before social, as in PROJECTORS: a follow is compared with the state before it */
const projectors = [projectProjector, analyticsProjector, socialProjector];
const day = (d: string, figures: Partial<Record<'downloads' | 'views' | 'followers_gained' | 'followers_lost' | 'revenue', number>>) => ({
  project_id: P,
  day: d,
  downloads: 0,
  views: 0,
  followers_gained: 0,
  followers_lost: 0,
  revenue: 0,
  ...figures,
});

describe('analytics projector: given events, then the figures per project and UTC day', () => {
  it('DownloadsCounted and ProjectViewsCounted count on the day of the event', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(projectStream(P), projectCreated(P, U)),
        log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 3 })),
        log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 2 })),
        log.on(viewsStream(P), ProjectViewsCounted({ project_id: P, count: 7 })),
      ],
      projectors,
    );
    expect(then.documents.analytics_days).toEqual({ [`${P}:2024-01-01`]: day('2024-01-01', { downloads: 5, views: 7 }) });
  });

  it('PayoutCredited counts revenue on the day of the downloads it was credited for', async () => {
    const log = new EventLog();
    const credit = PayoutCredited({
      project_id: P,
      downloads: 4,
      amount: 1200,
      source_position: 2,
      created: '2024-01-05T10:00:00.000Z',
      available_at: '2024-02-05T10:00:00.000Z',
    });
    const then = await given({}, [log.on(projectStream(P), projectCreated(P, U)), log.on(payoutsStream(U), credit)], projectors);
    expect(then.documents.analytics_days).toEqual({ [`${P}:2024-01-05`]: day('2024-01-05', { revenue: 1200 }) });
  });

  it('ProjectFollowed and ProjectUnfollowed count only when they change the follow', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(projectStream(P), projectCreated(P, U)),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
        log.on(followsStream(U), ProjectUnfollowed({ user_id: U, project_id: P })),
        log.on(followsStream(U), ProjectUnfollowed({ user_id: U, project_id: P })),
      ],
      projectors,
    );
    expect(then.documents.analytics_days).toEqual({ [`${P}:2024-01-01`]: day('2024-01-01', { followers_gained: 1, followers_lost: 1 }) });
  });

  it('counts nothing for a project that does not exist', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 3 })),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
      ],
      projectors,
    );
    expect(then.documents.analytics_days).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  DownloadsCounted,
  ProjectFollowed,
  ProjectUnfollowed,
  ReportFiled,
  commentThreadId,
  downloadsStream,
  followsStream,
  projectStream,
  reportStream,
  seedStream,
  userStream,
  versionStream,
} from '@modshelf/events';
import { EventLog, given, projectCreated, userRegistered, versionPublished } from '../testing/given-events';
import { PROJECTORS } from './index';

const P = 'PROJ0001';
const V = 'VERS0001';
const R = 'REPT0001';
const U = 'USER0001';
const filed = ReportFiled({ report_id: R, reporter_id: U, report_type: 'spam', item_type: 'project', item_id: P, body: 'spam!', thread_id: 'THRD0009' });

/** Each creation first on its own stream: a user, a project (two threads), a version, a report (its thread). */
function creations(log: EventLog) {
  return [
    log.on(userStream(U), userRegistered(U, 'maker')),
    log.on(projectStream(P), projectCreated(P, U)),
    log.on(versionStream(V), versionPublished(V, P)),
    log.on(reportStream(R), filed),
  ];
}
const created = [`users/${U}`, `projects/${P}`, 'threads/THRD0001', `threads/${commentThreadId(P)}`, `versions/${V}`, `reports/${R}`, 'threads/THRD0009'];

describe('documents an event creates: given events, then what the batch read', () => {
  it('a storage that applies each event once reads none of the documents that creations make, and ends with the same documents', async () => {
    const once = await given({}, creations(new EventLog()), PROJECTORS, { appliesOnce: true });
    const again = await given({}, creations(new EventLog()), PROJECTORS);
    expect(once.reads.filter((r) => created.includes(r))).toEqual([]);
    expect(again.reads).toEqual(expect.arrayContaining(created));
    expect(once.documents).toEqual(again.documents);
    expect(Object.keys(once.documents.threads ?? {}).sort()).toEqual(['THRD0001', 'THRD0009', commentThreadId(P)].sort());
  });

  it('where an event may be applied again, a creation reads its document and keeps what it gathered', async () => {
    const log = new EventLog();
    const first = await given(
      {},
      [log.on(projectStream(P), projectCreated(P, U)), log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 5 }))],
      PROJECTORS,
    );
    const replayed = await given(first.documents, [new EventLog().on(projectStream(P), projectCreated(P, U))], PROJECTORS);
    expect(replayed.reads).toContain(`projects/${P}`);
    expect(replayed.documents.projects?.[P]?.downloads).toBe(5);
  });

  it('a creation that is not the first event of its own stream is read even where events apply once', async () => {
    const log = new EventLog();
    log.on(projectStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 1 })); // the stream's revision 0
    const late = await given({}, [log.on(projectStream(P), projectCreated(P, U))], PROJECTORS, { appliesOnce: true });
    expect(late.reads).toContain(`projects/${P}`);
    const seeded = await given({}, [new EventLog().on(seedStream, projectCreated(P, U))], PROJECTORS, { appliesOnce: true });
    expect(seeded.reads).toContain(`projects/${P}`);
  });

  it('a project created in the batch has no day figures or follows in the store: they are not read, and end as when read', async () => {
    const events = (log: EventLog) => [
      log.on(projectStream(P), projectCreated(P, U)),
      log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 3 })),
      log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
      log.on(followsStream(U), ProjectUnfollowed({ user_id: U, project_id: P })),
      log.on(followsStream('USER0002'), ProjectFollowed({ user_id: 'USER0002', project_id: P })),
    ];
    const once = await given({}, events(new EventLog()), PROJECTORS, { appliesOnce: true });
    const again = await given({}, events(new EventLog()), PROJECTORS);
    expect(once.reads.filter((r) => r.startsWith('analytics_days/') || r.startsWith('follows/'))).toEqual([]);
    expect(again.reads).toEqual(expect.arrayContaining([`follows/${U}:${P}`, 'follows/USER0002:' + P]));
    expect(again.reads.some((r) => r.startsWith('analytics_days/'))).toBe(true);
    expect(once.documents).toEqual(again.documents);
    expect(once.documents.projects?.[P]).toMatchObject({ downloads: 3, followers: 1 });
    expect(Object.values(once.documents.analytics_days ?? {})).toEqual([
      expect.objectContaining({ project_id: P, downloads: 3, followers_gained: 2, followers_lost: 1 }),
    ]);
    expect(Object.keys(once.documents.follows ?? {})).toEqual([`USER0002:${P}`]);
  });

  it("a listed version of a project created in the batch notifies the batch's followers without asking the store's follows index", async () => {
    const events = (log: EventLog) => [
      log.on(userStream(U), userRegistered(U, 'maker')),
      log.on(userStream('USER0002'), userRegistered('USER0002', 'fan')),
      log.on(projectStream(P), projectCreated(P, U, { status: 'approved' })),
      log.on(followsStream('USER0002'), ProjectFollowed({ user_id: 'USER0002', project_id: P })),
      log.on(versionStream(V), versionPublished(V, P)),
    ];
    const once = await given({}, events(new EventLog()), PROJECTORS, { appliesOnce: true });
    const again = await given({}, events(new EventLog()), PROJECTORS);
    expect(once.reads.filter((r) => r.startsWith('follows'))).toEqual([]);
    expect(again.reads).toContain(`follows?project=${P}`);
    expect(once.documents).toEqual(again.documents);
    const notified = Object.values(once.documents.notifications ?? {});
    expect(notified).toEqual([expect.objectContaining({ user_id: 'USER0002', type: 'project_update' })]);
  });

  it('a project the store holds already has its day figures and follows read, where events apply once too', async () => {
    const first = await given({}, [new EventLog().on(projectStream(P), projectCreated(P, U))], PROJECTORS);
    const log = new EventLog();
    log.on(projectStream(P), projectCreated(P, U)); // the stream's revision 0 is in the store
    const later = await given(
      first.documents,
      [
        log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 3 })),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: P })),
      ],
      PROJECTORS,
      { appliesOnce: true },
    );
    expect(later.reads.filter((r) => r.startsWith('analytics_days/')).length).toBe(1);
    expect(later.reads).toContain(`follows/${U}:${P}`);
  });
});

import { describe, it } from 'vitest';
import { VersionEdited, VersionPublished, VersionReleaseScheduled, type DecidedEvent } from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS } from '@modshelf/service-kit';
import { given } from '../testing/given';
import { OWNER, PROJECT_ID } from '../testing/fixtures';
import { versionDecider } from './version.decider';

const VID = 'VersAAAA';
const NOW = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-02T12:00:00.000Z';
const EVEN_LATER = '2026-03-05T08:30:00.000Z';
const file = {
  hashes: { sha1: 'a'.repeat(40), sha512: 'a'.repeat(128) },
  url: `http://x/cdn/data/${PROJECT_ID}/versions/${VID}/a.jar`,
  filename: 'a.jar',
  primary: true,
  size: 10,
  file_type: null,
};
const published = (status: 'listed' | 'draft' | 'unlisted' = 'draft'): DecidedEvent[] => [
  VersionPublished({
    version_id: VID,
    project_id: PROJECT_ID,
    author_id: OWNER.userId,
    date_published: '2026-01-01T00:00:00Z',
    name: 'v1',
    version_number: '1.0',
    changelog: null,
    version_type: 'release',
    loaders: ['coreengine'],
    game_versions: ['1.0.3'],
    featured: false,
    status,
    requested_status: null,
    dependencies: [],
    files: [file],
  }),
];
const scheduled: DecidedEvent[] = [
  ...published('draft'),
  VersionEdited({ project_id: PROJECT_ID, changes: { status: 'scheduled' } }),
  VersionReleaseScheduled({ project_id: PROJECT_ID, time: LATER, requested_status: 'listed', from: 'draft' }),
];
const owner = { visible: true, insider: true, permissions: ALL_PROJECT_PERMISSIONS };
const outsider = { visible: true, insider: false, permissions: 0 };
const G = (events: DecidedEvent[]) => given(versionDecider, events, `version-${VID}`);

describe('version decider: schedule, cancel, release', () => {
  it('given a draft version, when the team schedules it, then it is scheduled with its time', () => {
    G(published()).when({ kind: 'schedule', actor: OWNER, access: owner, time: LATER, requested_status: 'listed', now: NOW }).then(scheduled.slice(1));
  });
  it('refuses a time in the past (400) and an actor without UPLOAD_VERSION (401)', () => {
    G(published())
      .when({ kind: 'schedule', actor: OWNER, access: owner, time: NOW, requested_status: 'listed', now: NOW })
      .thenError('invalid_input', /in the past/);
    G(published('listed'))
      .when({ kind: 'schedule', actor: OWNER, access: outsider, time: LATER, requested_status: 'listed', now: NOW })
      .thenError('unauthorized');
  });
  it('a scheduled version is hidden from outsiders (404)', () => {
    G(scheduled).when({ kind: 'cancel-schedule', actor: OWNER, access: outsider }).thenError('not_found');
  });
  it('reschedule moves the time; cancel returns to the status before scheduling', () => {
    G(scheduled)
      .when({ kind: 'schedule', actor: OWNER, access: owner, time: EVEN_LATER, requested_status: 'unlisted', now: NOW })
      .then([VersionReleaseScheduled({ project_id: PROJECT_ID, time: EVEN_LATER, requested_status: 'unlisted', from: 'draft' })]);
    G(scheduled)
      .when({ kind: 'cancel-schedule', actor: OWNER, access: owner })
      .then([VersionEdited({ project_id: PROJECT_ID, changes: { status: 'draft' } })]);
    G(published()).when({ kind: 'cancel-schedule', actor: OWNER, access: owner }).thenError('invalid_input');
  });
  it('releases once at the time, not before, and not again', () => {
    G(scheduled).when({ kind: 'release-scheduled', now: NOW }).then([]);
    G(scheduled)
      .when({ kind: 'release-scheduled', now: LATER })
      .then([VersionEdited({ project_id: PROJECT_ID, changes: { status: 'listed' } })]);
    G([...scheduled, VersionEdited({ project_id: PROJECT_ID, changes: { status: 'listed' } })])
      .when({ kind: 'release-scheduled', now: EVEN_LATER })
      .then([]);
  });
});

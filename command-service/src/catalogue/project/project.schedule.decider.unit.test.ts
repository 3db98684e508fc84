import { describe, it } from 'vitest';
import { ProjectCreated, ProjectReleaseScheduled, ProjectStatusChanged, TeamInviteAccepted, TeamMemberAdded, type DecidedEvent } from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS as P } from '@modshelf/service-kit';
import { given } from '../testing/given';
import { MEMBER, OWNER, PROJECT_ID, STRANGER, TEAM_ID, projectFields } from '../testing/fixtures';
import type { ProjectStatus } from '../project-status-transitions';
import { projectDecider } from './project.decider';

const NOW = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-02T12:00:00.000Z';
const EVEN_LATER = '2026-03-05T08:30:00.000Z';

const created = (status: ProjectStatus): DecidedEvent[] => [
  ProjectCreated({
    ...projectFields(),
    project_id: PROJECT_ID,
    team_id: TEAM_ID,
    project_type: 'mod',
    owner_id: OWNER.userId,
    organization_id: null,
    thread_id: 'ThreadAA',
    status,
    published: '2026-01-01T00:00:00Z',
  }),
  TeamMemberAdded({ user_id: OWNER.userId, role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, ordering: 0, accepted: true, is_owner: true }),
];
const scheduled = (from: ProjectStatus = 'unlisted'): DecidedEvent[] => [
  ...created(from),
  ProjectStatusChanged({ from, to: 'scheduled' }),
  ProjectReleaseScheduled({ time: LATER, requested_status: 'approved', from }),
];
const G = (events: DecidedEvent[]) => given(projectDecider, events, `project-${PROJECT_ID}`);

describe('project decider: schedule', () => {
  it('given an unlisted project, when the owner schedules it, then it is scheduled with its time and requested status', () => {
    G(created('unlisted'))
      .when({ kind: 'schedule', actor: OWNER, time: LATER, requested_status: 'approved', now: NOW })
      .then([
        ProjectStatusChanged({ from: 'unlisted', to: 'scheduled' }),
        ProjectReleaseScheduled({ time: LATER, requested_status: 'approved', from: 'unlisted' }),
      ]);
  });
  it('refuses a time that is not in the future (400)', () => {
    G(created('approved'))
      .when({ kind: 'schedule', actor: OWNER, time: NOW, requested_status: 'approved', now: NOW })
      .thenError('invalid_input', /in the past/);
  });
  it('refuses a project that has not passed review (400): scheduling never skips moderation', () => {
    G(created('draft'))
      .when({ kind: 'schedule', actor: OWNER, time: LATER, requested_status: 'approved', now: NOW })
      .thenError('invalid_input', /approved first/);
    G(created('processing')).when({ kind: 'schedule', actor: OWNER, time: LATER, requested_status: 'approved', now: NOW }).thenError('invalid_input');
  });
  it('a member without EDIT_DETAILS is refused (401); a stranger does not see a hidden project (404)', () => {
    G([
      ...created('unlisted'),
      TeamMemberAdded({ user_id: MEMBER.userId, role: 'M', permissions: P.UPLOAD_VERSION, ordering: 1, accepted: false, is_owner: false }),
      TeamInviteAccepted({ user_id: MEMBER.userId }),
    ])
      .when({ kind: 'schedule', actor: MEMBER, time: LATER, requested_status: 'approved', now: NOW })
      .thenError('unauthorized');
    G(scheduled()).when({ kind: 'schedule', actor: STRANGER, time: LATER, requested_status: 'approved', now: NOW }).thenError('not_found');
  });
  it('rescheduling moves the time and keeps the status before scheduling', () => {
    G(scheduled('private'))
      .when({ kind: 'schedule', actor: OWNER, time: EVEN_LATER, requested_status: 'unlisted', now: NOW })
      .then([ProjectReleaseScheduled({ time: EVEN_LATER, requested_status: 'unlisted', from: 'private' })]);
  });
  it('the same schedule again writes nothing', () => {
    G(scheduled()).when({ kind: 'schedule', actor: OWNER, time: LATER, requested_status: 'approved', now: NOW }).then([]);
  });
});

describe('project decider: cancel', () => {
  it('given a scheduled project, when the owner cancels, then it returns to its status before scheduling', () => {
    G(scheduled('private'))
      .when({ kind: 'cancel-schedule', actor: OWNER })
      .then([ProjectStatusChanged({ from: 'scheduled', to: 'private' })]);
  });
  it('refuses to cancel a project that is not scheduled (400)', () => {
    G(created('approved')).when({ kind: 'cancel-schedule', actor: OWNER }).thenError('invalid_input');
    G([...scheduled(), ProjectStatusChanged({ from: 'scheduled', to: 'unlisted' })])
      .when({ kind: 'cancel-schedule', actor: OWNER })
      .thenError('invalid_input');
  });
});

describe('project decider: release', () => {
  it('given a due schedule, when the scheduler releases, then the project takes the requested status', () => {
    G(scheduled())
      .when({ kind: 'release-scheduled', now: LATER })
      .then([ProjectStatusChanged({ from: 'scheduled', to: 'approved' })]);
  });
  it('does nothing before the time', () => {
    G(scheduled()).when({ kind: 'release-scheduled', now: NOW }).then([]);
  });
  it('a second release (another replica) is a no-op', () => {
    G([...scheduled(), ProjectStatusChanged({ from: 'scheduled', to: 'approved' })])
      .when({ kind: 'release-scheduled', now: EVEN_LATER })
      .then([]);
  });
  it('a cancelled or moved schedule is not released at the old time', () => {
    G([...scheduled(), ProjectStatusChanged({ from: 'scheduled', to: 'unlisted' })])
      .when({ kind: 'release-scheduled', now: LATER })
      .then([]);
    G([...scheduled(), ProjectReleaseScheduled({ time: EVEN_LATER, requested_status: 'approved', from: 'unlisted' })])
      .when({ kind: 'release-scheduled', now: LATER })
      .then([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ProjectFollowed,
  TwoFactorDisabled,
  TwoFactorEnabled,
  UserBadgesChanged,
  UserDeleted,
  UserEmailChanged,
  UserEmailVerified,
  UserProfileEdited,
  UserRoleChanged,
  followsStream,
  projectStream,
  userStream,
} from '@modshelf/events';
import { EventLog, given, projectCreated, userRegistered } from '../testing/given-events';
import { projectProjector } from './project.projector';
import { socialProjector } from './social.projector';
import { userProjector } from './user.projector';

const U = 'USER0001';

async function userAfter(...events: Array<(log: EventLog) => Parameters<typeof given>[1][number]>) {
  const log = new EventLog();
  return given({}, [log.on(userStream(U), userRegistered(U, 'alice')), ...events.map((e) => e(log))], [userProjector]);
}

describe('user projector: given events, then the public profile', () => {
  it('UserRegistered makes the profile', async () => {
    const then = await userAfter();
    expect(then.documents.users?.[U]).toEqual({
      id: U,
      username: 'alice',
      bio: null,
      avatar_url: null,
      created: '2024-01-01T00:00:00.000Z',
      role: 'developer',
      badges: 0,
      email_verified: false,
      has_totp: false,
    });
  });

  it('UserProfileEdited sets the defined fields; a new username re-indexes the projects they are a member of', async () => {
    const log = new EventLog();
    const registered = await userAfter();
    const p = await given({}, [log.on(projectStream('PROJ0001'), projectCreated('PROJ0001', U))], [projectProjector]);
    const documents = { ...registered.documents, ...p.documents };
    const same = await given(documents, [log.on(userStream(U), UserProfileEdited({ changes: { username: 'alice', bio: 'hi' } }))], [userProjector]);
    expect(same.documents.users?.[U]).toMatchObject({ username: 'alice', bio: 'hi', avatar_url: null });
    expect(same.touchedProjects).toEqual([]);
    const renamed = await given(documents, [log.on(userStream(U), UserProfileEdited({ changes: { username: 'alicia' } }))], [userProjector]);
    expect(renamed.documents.users?.[U]?.username).toBe('alicia');
    expect(renamed.touchedProjects).toEqual(['PROJ0001']);
  });

  it('UserRoleChanged, UserBadgesChanged, UserEmailVerified, UserEmailChanged, TwoFactorEnabled and TwoFactorDisabled set their fields', async () => {
    const role = await userAfter(
      (log) => log.on(userStream(U), UserRoleChanged({ role: 'moderator' })),
      (log) => log.on(userStream(U), UserBadgesChanged({ badges: 2 })),
    );
    expect(role.documents.users?.[U]).toMatchObject({ role: 'moderator', badges: 2 });
    const verified = await userAfter(
      (log) => log.on(userStream(U), UserEmailVerified({})),
      (log) => log.on(userStream(U), TwoFactorEnabled({})),
    );
    expect(verified.documents.users?.[U]).toMatchObject({ email_verified: true, has_totp: true });
    const changed = await userAfter(
      (log) => log.on(userStream(U), UserEmailVerified({})),
      (log) => log.on(userStream(U), UserEmailChanged({})),
      (log) => log.on(userStream(U), TwoFactorEnabled({})),
      (log) => log.on(userStream(U), TwoFactorDisabled({})),
    );
    expect(changed.documents.users?.[U]).toMatchObject({ email_verified: false, has_totp: false });
  });

  it('UserDeleted deletes the profile and their follows (their projects lose a follower) and re-indexes their projects', async () => {
    const log = new EventLog();
    const before = await given(
      {},
      [
        log.on(userStream(U), userRegistered(U, 'alice')),
        log.on(projectStream('PROJ0001'), projectCreated('PROJ0001', U)),
        log.on(projectStream('PROJ0002'), projectCreated('PROJ0002', 'OTHER001')),
        log.on(followsStream(U), ProjectFollowed({ user_id: U, project_id: 'PROJ0002' })),
      ],
      [projectProjector, userProjector, socialProjector],
    );
    expect(before.documents.projects?.PROJ0002?.followers).toBe(1);
    const then = await given(before.documents, [log.on(userStream(U), UserDeleted({}))], [userProjector]);
    expect(then.documents.users).toEqual({});
    expect(then.documents.follows).toEqual({});
    expect(then.documents.projects?.PROJ0002?.followers).toBe(0);
    expect(then.touchedProjects).toEqual(['PROJ0001', 'PROJ0002']);
  });

  it('events of a user that does not exist change nothing', async () => {
    const log = new EventLog();
    const then = await given({}, [log.on(userStream(U), UserRoleChanged({ role: 'admin' })), log.on(userStream(U), UserDeleted({}))], [userProjector]);
    expect(then.documents).toEqual({});
    expect(then.touchedProjects).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DecidedEvent, RecordedEvent } from '@modshelf/events';
import { DomainError, scope, type ErrorKind } from '@modshelf/contract';
import { fold } from '../kernel/decider';
import { userDecider, type UserCommand } from './user-decider';
import { oauthAppDecider, scopesWithin, type OAuthAppCommand } from './oauth-decider';

const T0 = '2026-01-01T00:00:00.000Z';
const LATER = '2026-02-01T00:00:00.000Z';
let pos = 0;
const rec = (d: DecidedEvent): RecordedEvent => ({
  ...d,
  schemaVersion: 1,
  streamId: 's',
  revision: pos,
  position: ++pos,
  metadata: { eventId: `e${pos}`, commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: T0 },
});

/** given events (as decided by earlier commands), when a command, then events or an error. */
function givenUser(...commands: UserCommand[]) {
  const events: RecordedEvent[] = [];
  for (const c of commands) events.push(...userDecider.decide(c, fold(userDecider, events)).map(rec));
  return {
    when: (c: UserCommand) => {
      const run = () => userDecider.decide(c, fold(userDecider, events));
      return {
        then: (expected: Array<{ type: string; data?: unknown }>) =>
          expect(run().map((e) => (expected.length && 'data' in (expected[0] ?? {}) ? e : { type: e.type }))).toEqual(expected),
        thenFails: (kind: ErrorKind, match?: RegExp) => {
          try {
            run();
          } catch (err) {
            expect(err).toBeInstanceOf(DomainError);
            expect((err as DomainError).kind).toBe(kind);
            if (match) expect((err as DomainError).description).toMatch(match);
            return;
          }
          throw new Error('expected the command to fail');
        },
      };
    },
  };
}

const register: UserCommand = { type: 'Register', user_id: 'AAAAAAAA', username: 'alice', role: 'developer', created: T0 };
const pat = (over: Partial<Extract<UserCommand, { type: 'CreatePat' }>> = {}): UserCommand => ({
  type: 'CreatePat',
  pat_id: 'PPPPPPPP',
  name: 'ci',
  scopes: scope('PROJECT_READ'),
  expires: LATER,
  created: T0,
  now: T0,
  ...over,
});

describe('user decider', () => {
  it('registers once', () => {
    givenUser()
      .when(register)
      .then([{ type: 'UserRegistered', data: { user_id: 'AAAAAAAA', username: 'alice', role: 'developer', avatar_url: null, bio: null, created: T0 } }]);
    givenUser(register).when(register).thenFails('conflict');
  });
  it('needs an existing, not deleted user for everything else', () => {
    givenUser().when({ type: 'VerifyEmail' }).thenFails('not_found');
    givenUser(register, { type: 'Delete' })
      .when({ type: 'EditProfile', changes: { bio: 'x' } })
      .thenFails('not_found');
  });
  it('edits only what changes', () => {
    givenUser(register)
      .when({ type: 'EditProfile', changes: { username: 'alice', bio: 'hi' } })
      .then([{ type: 'UserProfileEdited', data: { changes: { bio: 'hi' } } }]);
    givenUser(register, { type: 'EditProfile', changes: { bio: 'hi' } })
      .when({ type: 'EditProfile', changes: { bio: 'hi' } })
      .then([]);
    givenUser(register).when({ type: 'ChangeRole', role: 'developer' }).then([]);
    givenUser(register)
      .when({ type: 'ChangeRole', role: 'admin' })
      .then([{ type: 'UserRoleChanged' }]);
  });
  it('grants badges: only the grantable bits, once per change', () => {
    givenUser(register)
      .when({ type: 'SetBadges', badges: 2 | 64 })
      .then([{ type: 'UserBadgesChanged', data: { badges: 66 } }]);
    givenUser(register, { type: 'SetBadges', badges: 66 }).when({ type: 'SetBadges', badges: 66 }).then([]);
    givenUser(register).when({ type: 'SetBadges', badges: 0 }).then([]);
    // the role badges (creator 128, moderator 256, product team 512) are computed, never granted
    givenUser(register)
      .when({ type: 'SetBadges', badges: 128 })
      .thenFails('invalid_input', /grantable/);
  });
  it('verifies e-mail once; a new e-mail needs verifying again', () => {
    givenUser(register)
      .when({ type: 'VerifyEmail' })
      .then([{ type: 'UserEmailVerified' }]);
    givenUser(register, { type: 'VerifyEmail' }).when({ type: 'VerifyEmail' }).then([]);
    givenUser(register, { type: 'VerifyEmail' }, { type: 'ChangeEmail' })
      .when({ type: 'VerifyEmail' })
      .then([{ type: 'UserEmailVerified' }]);
  });
  it('records two-factor on and off once each', () => {
    givenUser(register)
      .when({ type: 'EnableTwoFactor' })
      .then([{ type: 'TwoFactorEnabled' }]);
    givenUser(register, { type: 'EnableTwoFactor' }).when({ type: 'EnableTwoFactor' }).then([]);
    givenUser(register).when({ type: 'DisableTwoFactor' }).then([]);
    givenUser(register, { type: 'EnableTwoFactor' })
      .when({ type: 'DisableTwoFactor' })
      .then([{ type: 'TwoFactorDisabled' }]);
  });
  it('creates PATs with a name, an expiry in the future and unrestricted scopes', () => {
    givenUser(register)
      .when(pat())
      .then([{ type: 'PatCreated' }]);
    givenUser(register)
      .when(pat({ name: '  ' }))
      .thenFails('invalid_input', /name/);
    givenUser(register)
      .when(pat({ expires: T0 }))
      .thenFails('invalid_input', /expiry/);
    givenUser(register)
      .when(pat({ scopes: scope('PAT_CREATE') }))
      .thenFails('invalid_input', /restricted/);
    givenUser(register)
      .when(pat({ scopes: scope('PROJECT_READ') + scope('SESSION_ACCESS') }))
      .thenFails('invalid_input', /restricted/);
    givenUser(register)
      .when(pat({ scopes: 2 ** 48 }))
      .thenFails('invalid_input');
    givenUser(register)
      .when(pat({ scopes: scope('ORGANIZATION_DELETE') + scope('SHARED_INSTANCE_VERSION_DELETE') }))
      .then([{ type: 'PatCreated' }]);
  });
  it('edits and deletes only existing PATs; deletion is permanent', () => {
    givenUser(register, pat())
      .when({ type: 'EditPat', pat_id: 'PPPPPPPP', name: 'renamed', now: T0 })
      .then([{ type: 'PatEdited', data: { pat_id: 'PPPPPPPP', name: 'renamed' } }]);
    givenUser(register, pat()).when({ type: 'EditPat', pat_id: 'PPPPPPPP', name: 'ci', now: T0 }).then([]);
    givenUser(register, pat())
      .when({ type: 'EditPat', pat_id: 'PPPPPPPP', scopes: scope('USER_DELETE'), now: T0 })
      .thenFails('invalid_input');
    givenUser(register).when({ type: 'EditPat', pat_id: 'PPPPPPPP', name: 'x', now: T0 }).thenFails('not_found');
    givenUser(register, pat())
      .when({ type: 'DeletePat', pat_id: 'PPPPPPPP' })
      .then([{ type: 'PatDeleted' }]);
    givenUser(register, pat(), { type: 'DeletePat', pat_id: 'PPPPPPPP' }).when({ type: 'DeletePat', pat_id: 'PPPPPPPP' }).thenFails('not_found');
  });
  it('revokes only sessions that exist', () => {
    const s: UserCommand = { type: 'CreateSession', session_id: 'SSSSSSSS', os: 'Linux', platform: 'Firefox', created: T0 };
    givenUser(register, s)
      .when({ type: 'RevokeSession', session_id: 'SSSSSSSS' })
      .then([{ type: 'SessionRevoked' }]);
    givenUser(register).when({ type: 'RevokeSession', session_id: 'SSSSSSSS' }).thenFails('not_found');
  });
  it('widens an OAuth grant to the union of scopes and keeps its id', () => {
    const a: UserCommand = { type: 'AuthorizeApp', authorization_id: 'ZZZZZZZZ', app_id: 'CCCCCCCC', scopes: scope('USER_READ'), created: T0 };
    givenUser(register, a)
      .when({ ...a, authorization_id: 'YYYYYYYY', scopes: scope('PROJECT_READ') })
      .then([
        {
          type: 'OAuthAppAuthorized',
          data: { authorization_id: 'ZZZZZZZZ', app_id: 'CCCCCCCC', scopes: scope('USER_READ') + scope('PROJECT_READ'), created: T0 },
        },
      ]);
    givenUser(register, a).when(a).then([]);
    givenUser(register).when({ type: 'RevokeAuthorization', app_id: 'CCCCCCCC' }).thenFails('not_found');
  });
  it('forgets sessions, PATs and grants on deletion', () => {
    const events = [register, pat(), { type: 'Delete' } as UserCommand].reduce<RecordedEvent[]>(
      (acc, c) => [...acc, ...userDecider.decide(c, fold(userDecider, acc)).map(rec)],
      [],
    );
    const s = fold(userDecider, events);
    expect(s).toMatchObject({ deleted: true, pats: {}, sessions: {}, username: null });
  });
});

describe('OAuth app decider', () => {
  const fields = { name: 'App', icon_url: null, url: null, description: null, redirect_uris: ['https://a.example/cb'], max_scopes: scope('USER_READ') };
  const create: OAuthAppCommand = { type: 'CreateApp', app_id: 'CCCCCCCC', created_by: 'AAAAAAAA', created: T0, fields };
  const after = (...cs: OAuthAppCommand[]) =>
    cs.reduce<RecordedEvent[]>((acc, c) => [...acc, ...oauthAppDecider.decide(c, fold(oauthAppDecider, acc)).map(rec)], []);
  const decide = (given: RecordedEvent[], c: OAuthAppCommand) => oauthAppDecider.decide(c, fold(oauthAppDecider, given));
  const owner = { userId: 'AAAAAAAA', role: 'developer' };

  it('creates with valid scopes and redirect URIs only', () => {
    expect(decide([], create).map((e) => e.type)).toEqual(['OAuthAppCreated']);
    expect(() => decide([], { ...create, fields: { ...fields, max_scopes: scope('SESSION_ACCESS') } })).toThrow(/restricted/);
    expect(() => decide([], { ...create, fields: { ...fields, redirect_uris: ['http://plain.example/cb'] } })).toThrow(/https/);
    expect(() => decide([], { ...create, fields: { ...fields, redirect_uris: ['javascript:alert(1)'] } })).toThrow();
    expect(decide([], { ...create, fields: { ...fields, redirect_uris: ['http://localhost:3000/cb'] } })).toHaveLength(1);
  });
  it('lets the owner or an admin edit and delete; others get 401', () => {
    const given = after(create);
    expect(decide(given, { type: 'EditApp', actor: owner, changes: { name: 'New' } })).toEqual([
      { type: 'OAuthAppEdited', data: { changes: { name: 'New' } } },
    ]);
    expect(decide(given, { type: 'EditApp', actor: owner, changes: { name: 'App' } })).toEqual([]);
    expect(decide(given, { type: 'DeleteApp', actor: { userId: 'ZZZZZZZZ', role: 'admin' } }).map((e) => e.type)).toEqual(['OAuthAppDeleted']);
    expect(() => decide(given, { type: 'DeleteApp', actor: { userId: 'ZZZZZZZZ', role: 'moderator' } })).toThrow(DomainError);
    expect(() => decide(after(create, { type: 'DeleteApp', actor: owner }), { type: 'EditApp', actor: owner, changes: {} })).toThrow(/not found/);
  });
  it('compares scope masks above 32 bits', () => {
    expect(scopesWithin(scope('ORGANIZATION_READ'), scope('ORGANIZATION_READ') + scope('USER_READ'))).toBe(true);
    expect(scopesWithin(scope('ORGANIZATION_WRITE'), scope('ORGANIZATION_READ'))).toBe(false);
  });
});

import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProjectCreated,
  ReviewLockAcquired,
  ReviewLockReleased,
  SqliteEventStore,
  newEventId,
  projectStream,
  reviewLockStream,
  toNewEvents,
  type Actor,
} from '@modshelf/events';
import { ALL_SCOPES, installErrorHandling } from '@modshelf/service-kit';
import { given } from '../catalogue/testing/given';
import { MODERATOR, OWNER, PROJECT_ID, projectFields } from '../catalogue/testing/fixtures';
import { reviewLockDecider } from './lock.decider';
import { registerModerationCommands } from './lock.routes';

const OTHER_MOD = { userId: 'ModerZZZ', role: 'moderator' as const };
const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:20:00.000Z';
const expires = (from: string) => new Date(Date.parse(from) + 15 * 60_000).toISOString();
/** State after `by` took the lock at `at` (the holder is the event's actor). */
function lockedBy(by: string, at = NOW) {
  const e = ReviewLockAcquired({ project_id: PROJECT_ID, expires: expires(at) });
  return reviewLockDecider.evolve(reviewLockDecider.initialState, {
    ...e,
    schemaVersion: 1,
    streamId: reviewLockStream(PROJECT_ID),
    revision: 0,
    position: 1,
    metadata: { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: by, time: at },
  });
}

describe('review lock decider', () => {
  it('staff take a free lock for 15 minutes; others are refused', () => {
    given(reviewLockDecider, [])
      .when({ kind: 'acquire', actor: MODERATOR, projectId: PROJECT_ID, now: NOW })
      .then([ReviewLockAcquired({ project_id: PROJECT_ID, expires: expires(NOW) })]);
    given(reviewLockDecider, []).when({ kind: 'acquire', actor: OWNER, projectId: PROJECT_ID, now: NOW }).thenError('unauthorized');
  });
  it('a lock held by another moderator is refused unless forced, and lapses after 15 minutes', () => {
    const s = lockedBy(OTHER_MOD.userId);
    expect(() => reviewLockDecider.decide({ kind: 'acquire', actor: MODERATOR, projectId: PROJECT_ID, now: NOW }, s)).toThrow(/another moderator/);
    expect(reviewLockDecider.decide({ kind: 'acquire', actor: MODERATOR, projectId: PROJECT_ID, now: NOW, force: true }, s)).toHaveLength(1);
    expect(reviewLockDecider.decide({ kind: 'acquire', actor: MODERATOR, projectId: PROJECT_ID, now: LATER }, s)).toEqual([
      ReviewLockAcquired({ project_id: PROJECT_ID, expires: expires(LATER) }),
    ]);
    expect(() => reviewLockDecider.decide({ kind: 'release', actor: MODERATOR, projectId: PROJECT_ID, now: NOW }, s)).toThrow(/another moderator/);
    expect(reviewLockDecider.decide({ kind: 'release', actor: OTHER_MOD, projectId: PROJECT_ID, now: NOW }, s)).toEqual([
      ReviewLockReleased({ project_id: PROJECT_ID }),
    ]);
    expect(reviewLockDecider.decide({ kind: 'release', actor: OTHER_MOD, projectId: PROJECT_ID, now: LATER }, s)).toEqual([]);
  });
  it('the holder extends their own lock', () => {
    const s = lockedBy(MODERATOR.userId);
    expect(reviewLockDecider.decide({ kind: 'acquire', actor: MODERATOR, projectId: PROJECT_ID, now: LATER }, s)[0].data).toEqual({
      project_id: PROJECT_ID,
      expires: expires(LATER),
    });
  });
});

describe('review lock routes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'locks-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  const app = Fastify();
  const projectId = 'LockProj';
  beforeAll(async () => {
    installErrorHandling(app);
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (req) => {
      const h = req.headers['x-test-user'];
      if (typeof h !== 'string') return;
      const [userId, role] = h.split(':');
      req.actor = { userId, username: userId.toLowerCase(), role, kind: 'session', scopes: ALL_SCOPES, tokenRefId: 't' } as Actor;
    });
    registerModerationCommands(app, { store });
    await app.ready();
    const id = newEventId();
    const f = projectFields();
    await store.append(
      projectStream(projectId),
      toNewEvents(
        [
          ProjectCreated({
            ...f,
            project_id: projectId,
            team_id: 'TeamLock',
            project_type: 'mod',
            owner_id: OWNER.userId,
            organization_id: null,
            thread_id: 'ThreadLk',
            status: 'processing',
            published: NOW,
          }),
        ],
        { commandId: id, correlationId: id, causationId: id, actor: OWNER.userId, time: NOW },
        newEventId,
      ),
      'any',
    );
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const call = (method: 'POST' | 'DELETE', user: string, q = '') =>
    app.inject({ method, url: `/v2/moderation/lock/${projectId}${q}`, headers: { 'x-test-user': user } });

  it('takes, refuses, forces and releases locks; 404 for unknown projects; 401 for non-staff', async () => {
    const taken = await call('POST', 'ModerAAA:moderator');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ project_id: projectId, locked_by: { id: 'ModerAAA', username: 'moderaaa' } });
    expect(Number(taken.headers['x-modshelf-position'])).toBeGreaterThan(0);
    expect((await call('POST', 'ModerBBB:moderator')).statusCode).toBe(409);
    expect((await call('DELETE', 'ModerBBB:admin')).statusCode).toBe(409);
    expect((await call('POST', 'ModerBBB:admin', '?force=true')).statusCode).toBe(200);
    expect((await call('POST', 'UserCCCC:developer')).statusCode).toBe(401);
    expect((await call('DELETE', 'ModerBBB:admin')).statusCode).toBe(204);
    expect((await call('DELETE', 'ModerBBB:admin')).statusCode).toBe(204); // already free: nothing written
    const events = await store.readStream(reviewLockStream(projectId));
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['ReviewLockAcquired', 'ModerAAA'],
      ['ReviewLockAcquired', 'ModerBBB'],
      ['ReviewLockReleased', 'ModerBBB'],
    ]);
    expect((await app.inject({ method: 'POST', url: '/v2/moderation/lock/NopeNope', headers: { 'x-test-user': 'ModerAAA:moderator' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/v2/moderation/lock/NopeNope' })).statusCode).toBe(401);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NotificationsDeleted,
  NotificationsRead,
  OrganizationCreated,
  OrganizationMemberAdded,
  ProjectFollowed,
  ProjectStatusChanged,
  ReportClosed,
  ReportFiled,
  TeamMemberAdded,
  followsStream,
  newId,
  notificationsStream,
  organizationStream,
  projectStream,
  reportStream,
} from '@modshelf/events';
import { scope } from '@modshelf/service-kit';
import { notificationId } from '../projectors/notification.projector';
import { replayAndCompare } from '../replay/replay';
import { testApp, type TestApp } from '../testing/app';
import { notificationDirectory } from './notification.routes';

describe('notifications (projected from events)', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let carol: string;
  let mod: string;
  let p1: string;
  let draft: string;
  const report = newId();
  const org = newId();
  const list = async (user: string) => (await t.app.inject({ url: `/v2/user/${user}/notifications`, headers: { 'x-test-user': user } })).json();
  beforeAll(async () => {
    t = await testApp();
    alice = await t.fx.user('alice');
    bob = await t.fx.user('bob');
    carol = await t.fx.user('carol');
    mod = await t.fx.user('moddy', 'moderator');
    p1 = await t.fx.project(alice, { title: 'Followed Mod' });
    draft = await t.fx.project(alice, { title: 'Draft Mod' }, 'draft');
    await t.fx.emit(followsStream(bob), [ProjectFollowed({ user_id: bob, project_id: p1 })], bob);
    await t.fx.emit(followsStream(carol), [ProjectFollowed({ user_id: carol, project_id: p1 })], carol);
    await t.fx.version(p1, alice, { version_number: '2.0.0' });
    await t.fx.version(p1, alice, { version_number: '2.1.0-draft', status: 'draft' });
    await t.fx.version(draft, alice, { version_number: '0.1' });
    await t.fx.emit(
      projectStream(p1),
      [TeamMemberAdded({ user_id: bob, role: 'Artist', permissions: 0, ordering: 1, accepted: false, is_owner: false })],
      alice,
    );
    await t.fx.emit(projectStream(draft), [ProjectStatusChanged({ from: 'draft', to: 'processing' })], alice);
    await t.fx.emit(projectStream(draft), [ProjectStatusChanged({ from: 'processing', to: 'rejected', moderator_message: 'no' })], mod);
    await t.fx.emit(
      reportStream(report),
      [ReportFiled({ report_id: report, reporter_id: carol, report_type: 'spam', item_type: 'project', item_id: p1, body: 'spam', thread_id: newId() })],
      carol,
    );
    await t.fx.emit(reportStream(report), [ReportClosed({ closed_by: mod })], mod);
    await t.fx.emit(
      organizationStream(org),
      [
        OrganizationCreated({ organization_id: org, team_id: newId(), owner_id: alice, slug: 'acme', name: 'Acme', description: 'We make mods' }),
        OrganizationMemberAdded({ user_id: carol, role: 'Member', permissions: 0, organization_permissions: 0, ordering: 1, accepted: false, is_owner: false }),
      ],
      alice,
    );
    await t.sync();
  });
  afterAll(async () => t.close());

  it("tells followers about a listed version of a listed project, the invitee about the invite, the team about staff's status change, the reporter about their report", async () => {
    const b = await list(bob);
    expect(b.map((n: { type: string }) => n.type)).toEqual(['team_invite', 'project_update']);
    expect(b[1]).toMatchObject({ user_id: bob, title: '**Followed Mod** has been updated!', read: false, actions: [] });
    expect(b[1].text).toContain('2.0.0');
    expect(b[1].link).toMatch(new RegExp(`^/mod/followed-mod/version/[0-9A-Za-z]{8}$`));
    expect(b[0].actions.map((a: { title: string }) => a.title)).toEqual(['Accept', 'Deny']);
    const c = await list(carol);
    expect(c.map((n: { type: string; title: string }) => [n.type, n.title])).toEqual([
      ['team_invite', 'You have been invited to join an organization!'],
      ['status_change', 'Your report has been closed'],
      ['project_update', '**Followed Mod** has been updated!'],
    ]);
    const a = await list(alice);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ type: 'status_change', title: 'Project **Draft Mod** has been rejected' });
  });

  it('keeps notifications to their owner (and admins); NOTIFICATION_READ is required', async () => {
    const [n] = await list(alice);
    expect((await t.app.inject({ url: `/v2/notification/${n.id}`, headers: { 'x-test-user': alice } })).json().id).toBe(n.id);
    expect((await t.app.inject({ url: `/v2/notification/${n.id}`, headers: { 'x-test-user': bob } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v2/notification/${n.id}`, headers: { 'x-test-user': 'AdminAAA:admin' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v2/user/${alice}/notifications`, headers: { 'x-test-user': bob } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/v2/user/${alice}/notifications` })).statusCode).toBe(401);
    const noScope = await t.app.inject({ url: `/v2/user/${alice}/notifications`, headers: { 'x-test-user': `${alice}:developer:${scope('USER_READ')}` } });
    expect(noScope.statusCode).toBe(401);
    const ids = encodeURIComponent(JSON.stringify([n.id, 'NotThere']));
    expect((await t.app.inject({ url: `/v2/notifications?ids=${ids}`, headers: { 'x-test-user': alice } })).json()).toHaveLength(1);
    expect((await t.app.inject({ url: `/v2/notifications?ids=${ids}`, headers: { 'x-test-user': bob } })).json()).toEqual([]);
  });

  it('applies read and delete commands of the owner only; the directory finds owners', async () => {
    const [invite, update] = await list(bob);
    await t.fx.emit(notificationsStream(bob), [NotificationsRead({ ids: [update.id] })], bob);
    await t.fx.emit(notificationsStream(carol), [NotificationsDeleted({ ids: [invite.id] })], carol); // not carol's: ignored
    await t.sync();
    const after = await list(bob);
    expect(after.map((n: { read: boolean }) => n.read)).toEqual([false, true]);
    const dir = notificationDirectory(t.projections);
    expect(await dir.owners([invite.id, 'NotThere'], await t.fx.store.headPosition())).toEqual(new Map([[invite.id, bob]]));
    await t.fx.emit(notificationsStream(bob), [NotificationsDeleted({ ids: [invite.id] })], bob);
    await t.sync();
    expect((await list(bob)).map((n: { id: string }) => n.id)).toEqual([update.id]);
    expect(notificationId('event-1', bob)).toBe(notificationId('event-1', bob));
    expect(notificationId('event-1', bob)).not.toBe(notificationId('event-1', carol));
  });

  it('rebuilds to the same notifications', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const r = await replayAndCompare({ store: t.fx.store, dataDir: dir, live: t.projections.storage });
    rmSync(dir, { recursive: true, force: true });
    expect(r.differences).toEqual([]);
    expect(r.equal).toBe(true);
  });
});

describe('notifications and collections of a deleted account', () => {
  it('go with the account', async () => {
    const { UserDeleted, userStream, CollectionCreated, collectionStream, ProjectFollowed, followsStream, newId } = await import('@modshelf/events');
    const t = await testApp();
    try {
      const alice = await t.fx.user('alice');
      const bob = await t.fx.user('bob');
      const p = await t.fx.project(alice, { title: 'Some Mod' });
      await t.fx.emit(followsStream(bob), [ProjectFollowed({ user_id: bob, project_id: p })], bob);
      await t.fx.version(p, alice, { version_number: '1.0' });
      const c = newId();
      await t.fx.emit(
        collectionStream(c),
        [CollectionCreated({ collection_id: c, user_id: bob, name: 'Mine', description: null, status: 'listed', projects: [p] })],
        bob,
      );
      await t.sync();
      expect((await t.app.inject({ url: `/v2/user/${bob}/notifications`, headers: { 'x-test-user': bob } })).json()).toHaveLength(1);
      await t.fx.emit(userStream(bob), [UserDeleted({})], bob);
      await t.fx.version(p, alice, { version_number: '2.0' });
      await t.sync();
      expect((await t.app.inject({ url: `/v2/collection/${c}` })).statusCode).toBe(404);
      const left = await t.projections.storage.readModels.findIds('notifications', 'user', bob);
      expect(left).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

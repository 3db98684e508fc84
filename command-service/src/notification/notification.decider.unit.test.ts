import { describe, it } from 'vitest';
import { NotificationsDeleted, NotificationsRead } from '@modshelf/events';
import { given } from '../catalogue/testing/given';
import { notificationsDecider } from './notification.decider';

const A = 'NotifAAA';
const B = 'NotifBBB';

describe('notifications decider', () => {
  it('marks read what is unread, once', () => {
    given(notificationsDecider, [])
      .when({ kind: 'read', ids: [A, B, A], strict: false })
      .then([NotificationsRead({ ids: [A, B] })]);
    given(notificationsDecider, [NotificationsRead({ ids: [A] })])
      .when({ kind: 'read', ids: [A, B], strict: false })
      .then([NotificationsRead({ ids: [B] })]);
    given(notificationsDecider, [NotificationsRead({ ids: [A] })])
      .when({ kind: 'read', ids: [A], strict: true })
      .then([]);
  });

  it('deletes once; a deleted one is not found for the single routes and skipped by the bulk ones', () => {
    given(notificationsDecider, [NotificationsRead({ ids: [A] })])
      .when({ kind: 'delete', ids: [A], strict: true })
      .then([NotificationsDeleted({ ids: [A] })]);
    const deleted = [NotificationsDeleted({ ids: [A] })];
    given(notificationsDecider, deleted)
      .when({ kind: 'delete', ids: [A], strict: true })
      .thenError('not_found');
    given(notificationsDecider, deleted)
      .when({ kind: 'read', ids: [A], strict: true })
      .thenError('not_found');
    given(notificationsDecider, deleted)
      .when({ kind: 'delete', ids: [A, B], strict: false })
      .then([NotificationsDeleted({ ids: [B] })]);
    given(notificationsDecider, deleted)
      .when({ kind: 'read', ids: [A], strict: false })
      .then([]);
  });
});

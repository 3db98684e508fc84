import { describe, it } from 'vitest';
import { CollectionCreated, CollectionDeleted, CollectionEdited, CollectionIconChanged } from '@modshelf/events';
import { given } from '../catalogue/testing/given';
import { collectionDecider } from './collection.decider';

const owner = { userId: 'OwnerAAA', role: 'developer' as const };
const stranger = { userId: 'StrangeC', role: 'developer' as const };
const moderator = { userId: 'ModerDDD', role: 'moderator' as const };
const C = 'CollAAAA';
const created = CollectionCreated({ collection_id: C, user_id: owner.userId, name: 'Favourites', description: null, status: 'listed', projects: ['ProjAAAA'] });

describe('collection decider', () => {
  it('creates a listed collection owned by the actor, projects deduplicated', () => {
    given(collectionDecider, [])
      .when({ kind: 'create', actor: owner, collection_id: C, name: 'Favourites', description: null, projects: ['ProjAAAA', 'ProjAAAA'] })
      .then([created]);
    given(collectionDecider, [created])
      .when({ kind: 'create', actor: owner, collection_id: C, name: 'Favourites', description: null, projects: [] })
      .thenError('conflict');
  });

  it('edits only what changed; nothing when nothing changed', () => {
    given(collectionDecider, [created])
      .when({ kind: 'edit', actor: owner, changes: { name: 'Favourites', status: 'private', projects: ['ProjAAAA', 'ProjBBBB'] } })
      .then([CollectionEdited({ changes: { status: 'private', projects: ['ProjAAAA', 'ProjBBBB'] } })]);
    given(collectionDecider, [created])
      .when({ kind: 'edit', actor: owner, changes: { name: 'Favourites' } })
      .then([]);
  });

  it('lets only the owner and staff change it; a private one is not found for others', () => {
    given(collectionDecider, [created])
      .when({ kind: 'edit', actor: stranger, changes: { name: 'Mine now' } })
      .thenError('unauthorized');
    const priv = [created, CollectionEdited({ changes: { status: 'private' } })];
    given(collectionDecider, priv).when({ kind: 'delete', actor: stranger }).thenError('not_found', 'Collection not found');
    given(collectionDecider, priv)
      .when({ kind: 'delete', actor: moderator })
      .then([CollectionDeleted({ collection_id: C })]);
    given(collectionDecider, [created, CollectionDeleted({ collection_id: C })])
      .when({ kind: 'delete', actor: owner })
      .thenError('not_found');
    given(collectionDecider, []).when({ kind: 'edit', actor: owner, changes: {} }).thenError('not_found', 'Collection not found');
  });

  it('keeps rejected to staff', () => {
    given(collectionDecider, [created])
      .when({ kind: 'edit', actor: owner, changes: { status: 'rejected' } })
      .thenError('unauthorized');
    given(collectionDecider, [created])
      .when({ kind: 'edit', actor: moderator, changes: { status: 'rejected' } })
      .then([CollectionEdited({ changes: { status: 'rejected' } })]);
    given(collectionDecider, [created, CollectionEdited({ changes: { status: 'rejected' } })])
      .when({ kind: 'edit', actor: owner, changes: { status: 'listed' } })
      .thenError('unauthorized');
  });

  it('sets and removes the icon', () => {
    const url = 'http://modshelf.test/cdn/data/CollAAAA/icons/x.png';
    given(collectionDecider, [created])
      .when({ kind: 'set-icon', actor: owner, icon_url: url, color: null })
      .then([CollectionIconChanged({ icon_url: url, color: null })]);
    given(collectionDecider, [created]).when({ kind: 'set-icon', actor: owner, icon_url: null, color: null }).then([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CollectionCreated, CollectionDeleted, CollectionEdited, CollectionIconChanged, UserDeleted, collectionStream, userStream } from '@modshelf/events';
import { EventLog, given } from '../testing/given-events';
import { collectionProjector } from './collection.projector';

const C = 'COLL0001';
const U = 'USER0001';
const created = (id: string, user: string) =>
  CollectionCreated({ collection_id: id, user_id: user, name: 'Favourites', description: null, status: 'listed', projects: ['PROJ0001'] });

describe('collection projector: given events, then the collections', () => {
  it('CollectionCreated makes the collection', async () => {
    const log = new EventLog();
    const then = await given({}, [log.on(collectionStream(C), created(C, U))], [collectionProjector]);
    const t = '2024-01-01T00:01:00.000Z';
    expect(then.documents.collections?.[C]).toEqual({
      id: C,
      user: U,
      name: 'Favourites',
      description: null,
      icon_url: null,
      color: null,
      status: 'listed',
      date_created: t,
      date_updated: t,
      projects: ['PROJ0001'],
    });
  });

  it('CollectionEdited sets the defined fields and CollectionIconChanged the icon, each moving date_updated', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(collectionStream(C), created(C, U)),
        log.on(collectionStream(C), CollectionEdited({ changes: { name: 'Best mods', projects: [] } })),
        log.on(collectionStream(C), CollectionIconChanged({ icon_url: 'https://cdn.example/c.png', color: 7 })),
      ],
      [collectionProjector],
    );
    expect(then.documents.collections?.[C]).toMatchObject({
      name: 'Best mods',
      description: null,
      status: 'listed',
      projects: [],
      icon_url: 'https://cdn.example/c.png',
      color: 7,
      date_updated: '2024-01-01T00:03:00.000Z',
    });
  });

  it('CollectionDeleted deletes it; UserDeleted deletes every collection of that user', async () => {
    const log = new EventLog();
    const before = await given(
      {},
      [
        log.on(collectionStream(C), created(C, U)),
        log.on(collectionStream('COLL0002'), created('COLL0002', U)),
        log.on(collectionStream('COLL0003'), created('COLL0003', 'OTHER001')),
      ],
      [collectionProjector],
    );
    const deleted = await given(before.documents, [log.on(collectionStream(C), CollectionDeleted({ collection_id: C }))], [collectionProjector]);
    expect(Object.keys(deleted.documents.collections ?? {})).toEqual(['COLL0002', 'COLL0003']);
    const gone = await given(before.documents, [log.on(userStream(U), UserDeleted({}))], [collectionProjector]);
    expect(Object.keys(gone.documents.collections ?? {})).toEqual(['COLL0003']);
  });

  it('edits of a collection that does not exist change nothing', async () => {
    const log = new EventLog();
    const then = await given({}, [log.on(collectionStream(C), CollectionEdited({ changes: { name: 'Nothing' } }))], [collectionProjector]);
    expect(then.documents).toEqual({});
  });
});

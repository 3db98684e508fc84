import { CollectionCreated, CollectionDeleted, CollectionEdited, CollectionIconChanged, UserDeleted, type RecordedEvent } from '@modshelf/events';
import type { CollectionDoc } from '../read-model/community-documents';
import { defineProjector, documentProjection, noJoin, streamEntity, streamIds, typesOf } from './evolve';

/** A collection after an event of its stream (null: deleted, or never created). */
export function evolveCollection(c: CollectionDoc | null, e: RecordedEvent, id: string): CollectionDoc | null {
  const time = e.metadata.time;
  if (CollectionCreated.is(e)) {
    const d = e.data;
    return {
      id,
      user: d.user_id,
      name: d.name,
      description: d.description,
      icon_url: null,
      color: null,
      status: d.status,
      date_created: time,
      date_updated: time,
      projects: d.projects,
    };
  }
  if (CollectionDeleted.is(e) || UserDeleted.is(e)) return null;
  if (!c) return c;
  if (CollectionEdited.is(e)) {
    const ch = e.data.changes;
    return {
      ...c,
      name: ch.name !== undefined ? ch.name : c.name,
      description: ch.description !== undefined ? ch.description : c.description,
      status: ch.status !== undefined ? ch.status : c.status,
      projects: ch.projects !== undefined ? ch.projects : c.projects,
      date_updated: time,
    };
  }
  if (CollectionIconChanged.is(e)) return { ...c, icon_url: e.data.icon_url, color: e.data.color, date_updated: time };
  return c;
}

const collections = documentProjection({
  collection: 'collections',
  canHandle: typesOf(CollectionCreated, CollectionEdited, CollectionIconChanged, CollectionDeleted, UserDeleted),
  join: noJoin,
  // a deleted account's collections go with it
  documentIds: (e, _join, read) => (UserDeleted.is(e) ? read.findIds('collections', 'user', streamEntity(e.streamId)) : streamIds(e, 'collection')),
  evolve: (c, e, _join, id) => evolveCollection(c, e, id),
});

/** Collections (stream collection-<id>): one document each, removed when deleted (or when their owner's account is). */
export const collectionProjector = defineProjector({ name: 'collectionProjector', documents: [collections] });

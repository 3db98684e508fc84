import { CollectionCreated, CollectionDeleted, CollectionEdited, CollectionIconChanged, UserDeleted, type RecordedEvent } from '@modshelf/events';
import { streamEntity, type BatchContext } from './context';

/** Collections (stream collection-<id>): one document each, removed when deleted (or when their owner's account is). */
export async function collectionProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (UserDeleted.is(e)) {
    // a deleted account's collections go with it
    for (const id of await ctx.findIds('collections', 'user', streamEntity(e.streamId))) ctx.delete('collections', id);
    return;
  }
  if (!e.streamId.startsWith('collection-')) return;
  const id = streamEntity(e.streamId);
  const time = e.metadata.time;
  if (CollectionCreated.is(e)) {
    const d = e.data;
    ctx.put('collections', id, {
      id, user: d.user_id, name: d.name, description: d.description, icon_url: null, color: null, status: d.status,
      date_created: time, date_updated: time, projects: d.projects,
    });
    return;
  }
  if (CollectionDeleted.is(e)) {
    ctx.delete('collections', id);
    return;
  }
  const c = await ctx.get('collections', id);
  if (!c) return;
  if (CollectionEdited.is(e)) {
    const ch = e.data.changes;
    if (ch.name !== undefined) c.name = ch.name;
    if (ch.description !== undefined) c.description = ch.description;
    if (ch.status !== undefined) c.status = ch.status;
    if (ch.projects !== undefined) c.projects = ch.projects;
  } else if (CollectionIconChanged.is(e)) {
    c.icon_url = e.data.icon_url;
    c.color = e.data.color;
  } else return;
  c.date_updated = time;
  ctx.put('collections', id, c);
}

import type { Actor } from '@modshelf/events';
import type { Collection } from '@modshelf/contract/v2';
import type { CollectionDoc } from '../read-model/community-documents';

/** The v3 Collection shape, served under /v2. `projects` lists only projects the caller may open. */
export function collectionView(c: CollectionDoc, projects: string[] = c.projects): Collection {
  return {
    id: c.id,
    user: c.user,
    name: c.name,
    description: c.description,
    icon_url: c.icon_url,
    color: c.color,
    status: c.status,
    date_created: c.date_created,
    date_updated: c.date_updated,
    projects,
  };
}

const staff = (a: Actor | null) => !!a && (a.role === 'admin' || a.role === 'moderator');

/** listed and unlisted ones open by id for anyone; private (and rejected) ones only for the owner and staff. */
export function canReadCollection(c: CollectionDoc, a: Actor | null): boolean {
  return c.status === 'listed' || c.status === 'unlisted' || (!!a && (a.userId === c.user || staff(a)));
}

/** In a user's list: listed ones for everyone, all of them for the owner and staff. */
export function listsCollection(c: CollectionDoc, a: Actor | null): boolean {
  return c.status === 'listed' || (!!a && (a.userId === c.user || staff(a)));
}

/** The auto-generated collection of the projects a user follows: its id on the wire. */
export const FOLLOWING_COLLECTION_ID = 'following';

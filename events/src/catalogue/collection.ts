import { z } from 'zod';
import { defineEvent } from '../registry';
import { id, nullableUrl } from './fields';

/** Stream: collection-<collection_id>. Modrinth v3 collections (served under /v2). */
export const collectionStream = (collectionId: string) => `collection-${collectionId}`;

/** Modrinth's CollectionStatus; the spec's "public" visibility is `listed` on the wire. */
export const COLLECTION_STATUSES = ['listed', 'unlisted', 'private', 'rejected'] as const;
export const collectionStatus = z.enum(COLLECTION_STATUSES);

export const collectionFields = z.object({
  name: z.string().min(3).max(64),
  description: z.string().max(255).nullable(),
  status: collectionStatus,
  /** project ids, in the order they were added */
  projects: z.array(id).max(1024),
});

export const CollectionCreated = defineEvent('CollectionCreated', 1, collectionFields.extend({ collection_id: id, user_id: id }));
export const CollectionEdited = defineEvent('CollectionEdited', 1, z.object({ changes: collectionFields.partial() }));
export const CollectionIconChanged = defineEvent('CollectionIconChanged', 1, z.object({ icon_url: nullableUrl, color: z.number().int().nullable() }));
export const CollectionDeleted = defineEvent('CollectionDeleted', 1, z.object({ collection_id: id }));

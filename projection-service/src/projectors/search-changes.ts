import type { Documents } from '../read-model/documents';
import type { StoredChange } from '../read-model/stored-change';
import type { SearchChange } from '../search/port';
import { isListed } from '../views/derive';
import { searchDocument } from './search-document';

/**
 * searchChanges made where a batch is written (a storage's writer thread, the event loop that commits a worker's batches):
 * from the batch's own changes (`written`, serialized) and, for the documents it did not change, `read` (the storage as
 * it was before them). The same changes, without the batch's documents handed over as objects.
 */
export function searchChangesOfWritten(
  touched: readonly string[],
  written: readonly StoredChange[],
  read: <C extends 'projects' | 'users'>(coll: C, id: string) => Documents[C] | null,
): SearchChange[] {
  const bodies = { projects: new Map<string, string | null>(), users: new Map<string, string | null>() };
  for (const c of written) if (c.coll === 'projects' || c.coll === 'users') bodies[c.coll].set(c.id, c.body);
  const get = <C extends 'projects' | 'users'>(coll: C, id: string): Documents[C] | null => {
    const body = bodies[coll].get(id);
    if (body === undefined) return read(coll, id);
    return body === null ? null : (JSON.parse(body) as Documents[C]);
  };
  return touched.map((id) => {
    const p = get('projects', id);
    return p && isListed(p) ? searchChangeOf(id, p, get('users', p.owner_id)) : { projectId: id, doc: null };
  });
}

/** A listed project's search change: its search document, with its owner's name (callers give an unlisted one's removal). */
export function searchChangeOf(id: string, p: Documents['projects'], owner: Documents['users'] | null): SearchChange {
  return { projectId: id, doc: searchDocument(p, owner?.username ?? '') };
}

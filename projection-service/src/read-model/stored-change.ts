import { indexKeys } from './collections';
import type { DocChange } from './port';

/**
 * A DocChange as it is written: the document serialized (null: deleted) and the keys of the new document, so a commit can be
 * prepared on one thread and written on another (storage/threaded-bulk.ts).
 */
export type StoredChange = Omit<DocChange, 'doc' | 'keys'> & {
  body: string | null;
  /** the new document's index keys (none for a deletion; not read when keysUnchanged) */
  keys: Array<[string, string]>;
};

/** The index keys a change writes: none for a deletion or when they are unchanged (none are written then), else the batch's or computed here. */
function writtenKeys(c: DocChange): Array<[string, string]> {
  if (c.doc === null || c.keysUnchanged) return [];
  return c.keys ?? indexKeys(c.coll, c.doc as never);
}

/**
 * A DocChange in its stored form, whole: what storage/threaded-bulk-pack.ts carries to another thread (its tests hold it to
 * this). The event loop's own commits make the same body and keys one row at a time (DOC_CHANGE).
 */
export function storedChange(c: DocChange): StoredChange {
  const { doc: _doc, keys: _keys, ...hints } = c;
  return { ...hints, body: DOC_CHANGE.body(c), keys: DOC_CHANGE.keys(c) };
}

/** How applyChangesSync reads a change of either form: its serialized document (null: deleted) and the keys it writes. */
export interface ChangeForm<T> {
  body(c: T): string | null;
  deleted(c: T): boolean;
  keys(c: T): Array<[string, string]>;
}

/**
 * A DocChange, serialized when its row is bound to the statement that writes it (SqliteReadModels.applySync): the string is
 * garbage once its statement has run, so a scavenge after that does not copy it. Serialized in a pass before the writes, the
 * batch's strings all lived until the last row was written.
 */
export const DOC_CHANGE: ChangeForm<DocChange> = {
  body: (c) => (c.doc === null ? null : JSON.stringify(c.doc)),
  deleted: (c) => c.doc === null,
  keys: writtenKeys,
};

/** A change serialized already, on another thread (SqliteReadModels.applyStoredSync). */
export const STORED_CHANGE: ChangeForm<StoredChange> = { body: (c) => c.body, deleted: (c) => c.body === null, keys: (c) => c.keys };

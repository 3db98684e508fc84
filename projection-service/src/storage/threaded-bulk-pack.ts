import type { DocChange } from '../read-model/port';
import { DOC_CHANGE, type StoredChange } from '../read-model/stored-change';

/**
 * A batch's document changes as they cross to the build worker (threaded-bulk.ts): one array a field, of strings and numbers,
 * instead of an object a change. postMessage copies a string array much as memcpy would, where an object a change cost it
 * its property names and nested key arrays each time (a build hands over millions of changes).
 */
export interface PackedChanges {
  colls: string[];
  ids: string[];
  /** the document serialized; null: deleted */
  bodies: Array<string | null>;
  /** FLAG_* bits */
  flags: number[];
  /** the new document's index keys as JSON ('' for none) */
  keys: string[];
  /** the old keys the batch knew (JSON; '' when it did not say) */
  oldKeys: string[];
}

const IS_NEW = 1;
const KEYS_UNCHANGED = 2;

/** Serializes a batch's changes (JSON.stringify of each document) into the packed form. */
export function packChanges(changes: readonly DocChange[]): PackedChanges {
  const out: PackedChanges = { colls: [], ids: [], bodies: [], flags: [], keys: [], oldKeys: [] };
  for (const c of changes) {
    out.colls.push(c.coll);
    out.ids.push(c.id);
    // the body and keys the event loop's own commits write (DOC_CHANGE)
    out.bodies.push(DOC_CHANGE.body(c));
    out.flags.push((c.isNew ? IS_NEW : 0) | (c.keysUnchanged ? KEYS_UNCHANGED : 0));
    const keys = DOC_CHANGE.keys(c);
    out.keys.push(keys.length ? JSON.stringify(keys) : '');
    out.oldKeys.push(c.oldKeys ? JSON.stringify(c.oldKeys) : '');
  }
  return out;
}

/** The changes of a packed batch, as SqliteReadModels.applyStoredSync takes them. */
export function unpackChanges(p: PackedChanges): StoredChange[] {
  const out: StoredChange[] = [];
  for (let i = 0; i < p.ids.length; i++) {
    const change: StoredChange = {
      coll: p.colls[i] as StoredChange['coll'],
      id: p.ids[i],
      body: p.bodies[i],
      keys: p.keys[i] ? (JSON.parse(p.keys[i]) as Array<[string, string]>) : [],
    };
    if (p.flags[i] & IS_NEW) change.isNew = true;
    if (p.flags[i] & KEYS_UNCHANGED) change.keysUnchanged = true;
    if (p.oldKeys[i]) change.oldKeys = JSON.parse(p.oldKeys[i]) as Array<[string, string]>;
    out.push(change);
  }
  return out;
}

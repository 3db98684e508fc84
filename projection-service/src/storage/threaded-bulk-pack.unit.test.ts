import { describe, expect, it } from 'vitest';
import type { DocChange } from '../read-model/port';
import { storedChange } from '../read-model/stored-change';
import { packChanges, unpackChanges } from './threaded-bulk-pack';

const changes: DocChange[] = [
  { coll: 'follows', id: 'f1', doc: { user_id: 'u1', project_id: 'p1', created: 't' }, isNew: true },
  { coll: 'follows', id: 'f2', doc: { user_id: 'u2', project_id: 'p2', created: 't' }, keysUnchanged: true },
  { coll: 'follows', id: 'f3', doc: { user_id: 'u3', project_id: 'p\u0001"3', created: 't' }, oldKeys: [['project', 'p0']] },
  { coll: 'follows', id: 'f4', doc: null },
];

describe('packChanges / unpackChanges', () => {
  it('carry every change as storedChange makes it: body, keys (given or computed), hints, deletions', () => {
    const withKeys: DocChange = { ...changes[0], keys: [['project', 'given']] };
    const all = [...changes, withKeys];
    expect(unpackChanges(packChanges(all))).toEqual(all.map(storedChange));
    // the packed form is one array a field, of strings and numbers
    const packed = packChanges(all);
    expect(Object.values(packed).every((field) => Array.isArray(field) && field.every((v) => v === null || typeof v !== 'object'))).toBe(true);
  });
});

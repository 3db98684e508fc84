import { describe, expect, it } from 'vitest';
import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange } from '../read-model/port';
import { WindowReads } from './window-reads';

/** A storage that holds `docs` (what the file held when the window opened): the window's changes never reach it. */
function stored(docs: Record<string, unknown>) {
  return {
    async get<C extends CollectionName>(coll: C, id: string) {
      return (docs[`${coll}/${id}`] ?? null) as Documents[C] | null;
    },
    async findIds(coll: CollectionName, index: string, key: string) {
      const ids: string[] = [];
      for (const [k, d] of Object.entries(docs))
        if (k.startsWith(`${coll}/`) && indexKeys(coll, d as never).some(([i, v]) => i === index && v === key)) ids.push(k.slice(coll.length + 1));
      return ids.sort();
    },
  };
}

const follow = (user: string, project: string) => ({ user_id: user, project_id: project, created: 'x' });
const change = (id: string, doc: ReturnType<typeof follow> | null, extra: Partial<DocChange> = {}): DocChange => ({ coll: 'follows', id, doc, ...extra });

describe('WindowReads', () => {
  it('given nothing handed over, answers as the storage', async () => {
    const reads = new WindowReads(stored({ 'follows/f1': follow('u1', 'p1') }));
    expect(await reads.get('follows', 'f1')).toEqual(follow('u1', 'p1'));
    expect(await reads.findIds('follows', 'user', 'u1')).toEqual(['f1']);
  });

  it('given documents the window wrote, changed and deleted, answers with them over the storage', async () => {
    const reads = new WindowReads(stored({ 'follows/f1': follow('u1', 'p1'), 'follows/f2': follow('u1', 'p2'), 'follows/f3': follow('u2', 'p3') }));
    reads.add([change('f4', follow('u1', 'p4'), { isNew: true }), change('f2', null)]);
    // f1 moves from u1 to u3 in a later commit, with the keys the batch computed
    reads.add([change('f1', follow('u3', 'p1'), { keys: indexKeys('follows', follow('u3', 'p1') as never) })]);
    expect(await reads.get('follows', 'f4')).toEqual(follow('u1', 'p4'));
    expect(await reads.get('follows', 'f2')).toBeNull();
    expect(await reads.get('follows', 'f3')).toEqual(follow('u2', 'p3'));
    expect(await reads.findIds('follows', 'user', 'u1')).toEqual(['f4']);
    expect(await reads.findIds('follows', 'user', 'u3')).toEqual(['f1']);
    expect(await reads.findIds('follows', 'user', 'u2')).toEqual(['f3']);
    expect(await reads.findIds('follows', 'project', 'p2')).toEqual([]);
  });

  it('given a document deleted and then written again, answers with the last, keys included', async () => {
    const reads = new WindowReads(stored({ 'follows/f1': follow('u1', 'p1') }));
    reads.add([change('f1', null)]);
    expect(await reads.findIds('follows', 'user', 'u1')).toEqual([]);
    reads.add([change('f1', follow('u1', 'p9'), { isNew: true })]);
    expect(await reads.get('follows', 'f1')).toEqual(follow('u1', 'p9'));
    expect(await reads.findIds('follows', 'user', 'u1')).toEqual(['f1']);
    expect(await reads.findIds('follows', 'project', 'p1')).toEqual([]);
    expect(await reads.findIds('follows', 'project', 'p9')).toEqual(['f1']);
  });
});

import { describe, expect, it } from 'vitest';
import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange } from '../read-model/port';
import { RebuildReads } from './rebuild-reads';

/** What the storage holds, with the reads that reached it. */
function storage() {
  const docs = new Map<string, unknown>();
  const reads: string[] = [];
  return {
    reads,
    store: {
      async get<C extends CollectionName>(coll: C, id: string) {
        reads.push(`get ${coll} ${id}`);
        return (docs.get(`${coll}/${id}`) ?? null) as Documents[C] | null;
      },
      async findIds(coll: CollectionName, index: string, key: string) {
        reads.push(`find ${coll} ${index} ${key}`);
        const ids: string[] = [];
        for (const [k, d] of docs)
          if (k.startsWith(`${coll}/`) && indexKeys(coll, d as never).some(([i, v]) => i === index && v === key)) ids.push(k.slice(coll.length + 1));
        return ids.sort();
      },
    },
    commit(reads: RebuildReads, changes: DocChange[]) {
      for (const c of changes) docs.set(`${c.coll}/${c.id}`, c.doc);
      for (const c of changes) if (c.doc === null) docs.delete(`${c.coll}/${c.id}`);
      reads.committed(changes);
    },
  };
}

const follow = (id: string, user: string, project: string): DocChange<'follows'> => ({
  coll: 'follows',
  id,
  doc: { user_id: user, project_id: project, created: 'x' },
  isNew: true,
});

describe('RebuildReads', () => {
  it('answers an absent document or key without the storage, and the rest as the storage does, across batches', async () => {
    const s = storage();
    const reads = new RebuildReads(s.store);
    s.commit(reads, [follow('f1', 'u1', 'p1'), follow('f2', 'u2', 'p1')]);
    expect(await reads.get('follows', 'f9')).toBeNull();
    expect(await reads.findIds('follows', 'project', 'p9')).toEqual([]);
    expect(s.reads).toEqual([]);
    // two commits later the documents are no longer kept in memory: read from the storage
    s.commit(reads, [follow('f3', 'u3', 'p2')]);
    s.commit(reads, [{ coll: 'follows', id: 'f3', doc: null }]);
    expect((await reads.get('follows', 'f1'))?.user_id).toBe('u1');
    expect(await reads.get('follows', 'f3')).toBeNull();
    expect(await reads.findIds('follows', 'project', 'p1')).toEqual(['f1', 'f2']);
    expect(s.reads).toEqual(['get follows f1', 'find follows project p1']);
  });

  it('answers from memory without a promise (readNow), and leaves what only the storage holds to get', async () => {
    const s = storage();
    const reads = new RebuildReads(s.store);
    s.commit(reads, [follow('f1', 'u1', 'p1')]);
    expect(reads.readNow('follows', 'f1')?.user_id).toBe('u1');
    expect(reads.readNow('follows', 'never')).toBeNull();
    s.commit(reads, [follow('f2', 'u2', 'p2')]);
    s.commit(reads, [follow('f3', 'u3', 'p3')]);
    // f1 was written three commits ago: only the storage has it
    expect(reads.readNow('follows', 'f1')).toBeUndefined();
    expect(s.reads).toEqual([]);
    expect((await reads.get('follows', 'f1'))?.user_id).toBe('u1');
    expect(reads.readNow('follows', 'f1')?.user_id).toBe('u1');
    expect(s.reads).toEqual(['get follows f1']);
  });

  it('keeps the documents it read from the storage past two batches, as later commits leave them, up to its limit', async () => {
    const s = storage();
    const reads = new RebuildReads(s.store, undefined, 3);
    s.commit(reads, [follow('f1', 'u1', 'p1'), follow('f2', 'u2', 'p1'), follow('f3', 'u3', 'p1'), follow('f4', 'u4', 'p1')]);
    const quiet = () => [s.commit(reads, []), s.commit(reads, [])];
    quiet();
    expect((await reads.get('follows', 'f1'))?.user_id).toBe('u1');
    expect((await reads.get('follows', 'f2'))?.user_id).toBe('u2');
    quiet();
    // read again two batches later: from memory
    expect((await reads.get('follows', 'f1'))?.user_id).toBe('u1');
    // changed, then deleted, by commits after the read: answered as they left it
    s.commit(reads, [follow('f1', 'u9', 'p1')]);
    quiet();
    expect((await reads.get('follows', 'f1'))?.user_id).toBe('u9');
    s.commit(reads, [{ coll: 'follows', id: 'f2', doc: null }]);
    quiet();
    expect(await reads.get('follows', 'f2')).toBeNull();
    expect(s.reads).toEqual(['get follows f1', 'get follows f2']);
    // a third document fills the three places; a fourth read from the storage starts them over
    expect((await reads.get('follows', 'f3'))?.user_id).toBe('u3');
    expect((await reads.get('follows', 'f4'))?.user_id).toBe('u4');
    quiet();
    expect((await reads.get('follows', 'f4'))?.user_id).toBe('u4');
    expect((await reads.get('follows', 'f1'))?.user_id).toBe('u9');
    expect(s.reads).toEqual(['get follows f1', 'get follows f2', 'get follows f3', 'get follows f4', 'get follows f1']);
    // once the rebuild is over it holds no document: a read after release goes to the storage
    reads.release();
    expect((await reads.get('follows', 'f4'))?.user_id).toBe('u4');
    expect(s.reads.at(-1)).toBe('get follows f4');
    expect(reads.storageReads).toBe(6);
  });

  it('with filters too small to tell anything apart, reads the storage more and answers the same', async () => {
    const s = storage();
    const reads = new RebuildReads(s.store, 32);
    for (let i = 0; i < 40; i++) s.commit(reads, [follow(`f${i}`, `u${i}`, `p${i % 4}`)]);
    s.commit(reads, [{ coll: 'follows', id: 'f5', doc: null }]);
    s.commit(reads, []);
    s.commit(reads, []);
    expect(await reads.get('follows', 'absent')).toBeNull();
    expect(await reads.get('follows', 'f5')).toBeNull();
    expect((await reads.get('follows', 'f6'))?.project_id).toBe('p2');
    expect(await reads.findIds('follows', 'project', 'p1')).toEqual(['f1', 'f13', 'f17', 'f21', 'f25', 'f29', 'f33', 'f37', 'f9']);
    expect(await reads.findIds('follows', 'project', 'p7')).toEqual([]);
    // a 32-bit filter holding 80 entries says maybe to everything: these went to the storage
    expect(s.reads).toContain('get follows absent');
    expect(s.reads).toContain('find follows project p7');
  });

  it('over a storage whose reads lag the last commit (it writes behind), answers index lookups as over one that does not', async () => {
    const s = storage();
    const reads = new RebuildReads(s.store);
    s.commit(reads, [follow('f1', 'u1', 'p1'), follow('f2', 'u2', 'p1')]);
    s.commit(reads, []);
    s.commit(reads, []);
    // the last commit is handed over but not written yet: the storage still has f2 following p1 and no f3
    const moved: DocChange<'follows'> = { ...follow('f2', 'u2', 'p2'), isNew: false };
    reads.committed([moved, follow('f3', 'u3', 'p1'), { coll: 'follows', id: 'f1', doc: null }]);
    expect(await reads.findIds('follows', 'project', 'p1')).toEqual(['f3']);
    expect(await reads.findIds('follows', 'project', 'p2')).toEqual(['f2']);
    // once written, the same answers
    s.commit(reads, [moved, follow('f3', 'u3', 'p1'), { coll: 'follows', id: 'f1', doc: null }]);
    expect(await reads.findIds('follows', 'project', 'p1')).toEqual(['f3']);
    expect(await reads.findIds('follows', 'project', 'p2')).toEqual(['f2']);
  });

  it("lays the last commit over each collection's lookups apart: a change to one collection's document leaves another's of the same id", async () => {
    const s = storage();
    const reads = new RebuildReads(s.store);
    const version = (id: string, project: string, isNew: boolean) =>
      ({ coll: 'versions', id, doc: { project_id: project, files: [] } as never, isNew }) as DocChange;
    s.commit(reads, [follow('f1', 'u1', 'p1'), version('f1', 'p1', true)]);
    s.commit(reads, []);
    s.commit(reads, []);
    // handed over, not written yet: the version f1 moves to p2; the follow f1 stays
    reads.committed([version('f1', 'p2', false)]);
    expect(await reads.findIds('versions', 'project', 'p1')).toEqual([]);
    expect(await reads.findIds('versions', 'project', 'p2')).toEqual(['f1']);
    expect(await reads.findIds('follows', 'project', 'p1')).toEqual(['f1']);
  });
});

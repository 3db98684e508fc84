import { describe, expect, it } from 'vitest';
import type { CollectionName, Documents } from '../read-model/documents';
import { BatchContext, type BatchReads } from './batch-context';

const follow = (user: string): Documents['follows'] => ({ user_id: user, project_id: 'p1', created: 'x' });

/** Reads that hold `inMemory` (answered by readNow) and `stored` (only get answers), with the gets that reached them. */
function reads(inMemory: Record<string, unknown>, stored: Record<string, unknown>, withReadNow = true) {
  const gets: string[] = [];
  const r: BatchReads = {
    async get<C extends CollectionName>(coll: C, id: string) {
      gets.push(`${coll}/${id}`);
      return (inMemory[`${coll}/${id}`] ?? stored[`${coll}/${id}`] ?? null) as Documents[C] | null;
    },
    async findIds() {
      return [];
    },
  };
  if (withReadNow) r.readNow = <C extends CollectionName>(coll: C, id: string) => inMemory[`${coll}/${id}`] as Documents[C] | null | undefined;
  return { r, gets };
}

describe('BatchContext: answers without a promise', () => {
  it('answers from its own entries, then from what its reads answer now, and leaves the rest to get', async () => {
    const { r, gets } = reads({ 'follows/f1': follow('u1'), 'follows/gone': null }, { 'follows/f2': follow('u2') });
    const ctx = new BatchContext(r);
    expect(ctx.readNow('follows', 'f1')?.user_id).toBe('u1');
    expect(ctx.readNow('follows', 'gone')).toBeNull();
    expect(ctx.readNow('follows', 'f2')).toBeUndefined();
    expect(gets).toEqual([]);
    expect((await ctx.get('follows', 'f2'))?.user_id).toBe('u2');
    expect(ctx.readNow('follows', 'f2')?.user_id).toBe('u2');
    expect(gets).toEqual(['follows/f2']);
    // an entry made by readNow is the document as loaded: an edit that keeps its keys is written as such
    ctx.put('follows', 'f1', { ...follow('u1'), created: 'y' });
    expect(ctx.changes()).toMatchObject([{ coll: 'follows', id: 'f1', keysUnchanged: true }]);
  });

  it('answers nothing itself without readNow on its reads', () => {
    const { r } = reads({ 'follows/f1': follow('u1') }, {}, false);
    expect(new BatchContext(r).readNow('follows', 'f1')).toBeUndefined();
  });

  it('records a created document as absent without reading it when each event applies once, else answers as readNow', async () => {
    const { r, gets } = reads({}, { 'follows/f1': follow('u1') });
    const once = new BatchContext(r, true);
    expect(once.createdNow('follows', 'f1')).toBeNull();
    expect(once.createdInBatch('follows', 'f1')).toBe(true);
    const again = new BatchContext(r, false);
    expect(again.createdNow('follows', 'f1')).toBeUndefined();
    expect(again.createdInBatch('follows', 'f1')).toBe(false);
    expect(gets).toEqual([]);
  });
});

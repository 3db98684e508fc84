import { describe, expect, it } from 'vitest';
import { RowIds, SparseField } from './restored-maps';

describe('restored ids and sparse fields, changed before they are built', () => {
  it('RowIds lists the changed ids without building its maps, as the built maps list them', () => {
    const restored = () => {
      const ids = new RowIds();
      ids.restore({ rids: Int32Array.from([1, 3, 4, 7]), text: 'a\nb\nc\nd' });
      ids.delete(3, 'b');
      ids.set(9, 'e');
      // a row id given again to another project
      ids.delete(7, 'd');
      ids.set(7, 'f');
      return ids;
    };
    const alive = () => [1, 4, 7, 9];
    const compact = restored();
    const listed = compact.list(alive);
    expect(listed).toEqual({ rids: Int32Array.from([1, 4, 7, 9]), text: 'a\nc\nf\ne' });
    // still not built: a project it does not hold may be held as far as it knows
    expect(compact.mayHold('nobody')).toBe(true);
    const built = restored();
    void built.byId;
    expect(built.list(alive)).toEqual(listed);
    // the compacted list is the pending one now: built later, it holds the same
    expect([...compact.byId]).toEqual([
      ['a', 1],
      ['c', 4],
      ['f', 7],
      ['e', 9],
    ]);
  });

  it('SparseField lists the changed pairs without building its map, and answers as the built one', () => {
    const restored = () => {
      const f = SparseField.restored(Uint32Array.from([10, 1, 10, 2, 20, 3]));
      f.remove(10, 1);
      f.add(30, 1);
      f.add(20, 3);
      f.remove(20, 3);
      f.add(20, 3);
      f.add(40, 5);
      f.remove(40, 5);
      return f;
    };
    const compact = restored();
    const pairs = compact.pairs();
    const asSet = (p: Uint32Array) => new Set(Array.from({ length: p.length / 2 }, (_, i) => `${p[2 * i]}:${p[2 * i + 1]}`));
    expect(asSet(pairs)).toEqual(new Set(['10:2', '20:3', '30:1']));
    expect(pairs.length).toBe(6);
    const built = restored();
    for (const h of [10, 20, 30, 40]) expect(compact.rows(h)).toEqual(built.rows(h));
  });
});

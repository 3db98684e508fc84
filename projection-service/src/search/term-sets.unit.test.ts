import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';
import { asBitset } from './row-set';
import { TermSets, type Term } from './term-sets';

/** A term's rows as a bit set, whichever way the sets keep them. */
const get = (t: TermSets, term: Term) => asBitset(t.rows(term));

/** A fake FTS5: expression -> rows, counting the calls. */
function fts(rows: Record<string, number[]>) {
  const calls: string[] = [];
  return {
    calls,
    match: (expr: string) => {
      calls.push(expr);
      return Bitset.fromIterable(rows[expr] ?? []);
    },
  };
}

const dense = Array.from({ length: 200 }, (_, i) => i);

describe('TermSets', () => {
  it('asks FTS5 once per term, shares terms between unions, and keeps rare and common terms alike', () => {
    const f = fts({ '"iron"': [3, 70], '"iorn"': [9], '"fur"*': dense });
    const t = new TermSets(f.match);
    expect(get(t, { columns: 'all', word: 'iron', prefix: false }).toArray()).toEqual([3, 70]);
    const ironOrIorn = [
      { columns: 'all', word: 'iron', prefix: false },
      { columns: 'all', word: 'iorn', prefix: false },
    ] as const;
    // rare terms' lists merge into a list while they are short enough, else into a bit set
    expect(t.unite(ironOrIorn, 3)).toEqual(Int32Array.from([3, 9, 70]));
    expect((t.unite(ironOrIorn, 2) as Bitset).toArray()).toEqual([3, 9, 70]);
    expect((t.unite([...ironOrIorn, { columns: 'all', word: 'fur', prefix: true }], 1000) as Bitset).count()).toBe(200);
    expect(get(t, { columns: 'all', word: 'fur', prefix: true }).count()).toBe(200);
    expect(get(t, { columns: 'all', word: 'fur', prefix: true }).count()).toBe(200);
    expect(f.calls).toEqual(['"iron"', '"iorn"', '"fur"*']);
  });

  it('drops the least recently used terms beyond its byte budget', () => {
    const f = fts({ '"a"': dense, '"b"': dense, '"c"': dense });
    const t = new TermSets(f.match, 100);
    get(t, { columns: 'all', word: 'a', prefix: false });
    get(t, { columns: 'all', word: 'b', prefix: false });
    expect(t.size).toBe(1);
    get(t, { columns: 'all', word: 'b', prefix: false });
    get(t, { columns: 'all', word: 'a', prefix: false });
    expect(f.calls).toEqual(['"a"', '"b"', '"a"']);
  });

  it('follows a small commit: changed rows leave and join the kept sets by their new words', () => {
    const f = fts({ '"iron"': [1], '{name slug} : "lamp"*': dense });
    const t = new TermSets(f.match);
    const iron = { columns: 'all', word: 'iron', prefix: false } as const;
    const lamp = { columns: 'nameSlug', word: 'lamp', prefix: true } as const;
    get(t, iron);
    get(t, lamp);
    t.update([
      { rid: 1, alive: true, tokens: { all: new Set(['copper']), nameSlug: new Set(['copper']) } },
      { rid: 5, alive: true, tokens: { all: new Set(['iron', 'lamps']), nameSlug: new Set(['lamps']) } },
      { rid: 7, alive: false },
      { rid: 300, alive: true, tokens: { all: new Set(['lamp']), nameSlug: new Set(['lamp']) } },
      { rid: 8, alive: true, textSame: true },
    ]);
    expect(get(t, iron).toArray()).toEqual([5]);
    const rows = get(t, lamp);
    expect([rows.has(5), rows.has(7), rows.has(8), rows.has(1), rows.has(300), rows.count()]).toEqual([true, false, true, false, true, 199]);
    expect(f.calls).toHaveLength(2);
  });

  it("a rare term's rows take and lose single rows in order, at the start, the middle and the end", () => {
    // a row far out makes the set sparse (kept as a sorted list, not a bit set)
    const f = fts({ '"gear"': [2, 4, 6, 8, 1000] });
    const t = new TermSets(f.match);
    const gear = { columns: 'all', word: 'gear', prefix: false } as const;
    get(t, gear);
    const words = (w: string) => ({ all: new Set([w]), nameSlug: new Set([w]) });
    t.update([
      { rid: 3, alive: true, tokens: words('gear') },
      { rid: 10, alive: true, tokens: words('gear') },
      { rid: 0, alive: true, tokens: words('gear') },
      { rid: 4, alive: true, tokens: words('cog') },
      { rid: 6, alive: true, tokens: words('gear') },
      { rid: 8, alive: false },
      { rid: 5, alive: true, tokens: words('cog') },
    ]);
    expect(get(t, gear).toArray()).toEqual([0, 2, 3, 6, 10, 1000]);
    t.update([
      { rid: 0, alive: false },
      { rid: 1001, alive: true, tokens: words('gear') },
    ]);
    expect(get(t, gear).toArray()).toEqual([2, 3, 6, 10, 1000, 1001]);
    expect(f.calls).toHaveLength(1);
  });
});

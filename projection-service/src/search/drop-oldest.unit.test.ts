import { describe, expect, it } from 'vitest';
import { dropOldest } from './drop-oldest';

describe('dropOldest', () => {
  it('given a map within its budget, then it drops nothing', () => {
    const m = new Map([['a', 5]]);
    expect(dropOldest(m, 5, 10, (v) => v, 'a')).toBe(5);
    expect([...m.keys()]).toEqual(['a']);
  });

  it('given a map over its budget, then the oldest go, but the one to keep, until 3/4 of the budget is left', () => {
    const m = new Map([
      ['new', 4],
      ['a', 4],
      ['b', 4],
      ['c', 4],
    ]);
    // 16 bytes over a budget of 12: down to 9 at most, 'new' (the entry just added) stays
    expect(dropOldest(m, 16, 12, (v) => v, 'new')).toBe(8);
    expect([...m.keys()]).toEqual(['new', 'c']);
  });
});

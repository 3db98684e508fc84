import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset';
import { kept, MatchCache } from './match-cache';

const many = Bitset.fromIterable(Array.from({ length: 2500 }, (_, i) => i * 2));

describe('MatchCache', () => {
  it('given a key asked twice, then it finds the match once', () => {
    const cache = new MatchCache();
    let finds = 0;
    const find = () => {
      finds++;
      return kept([Bitset.fromIterable([1, 4])]);
    };
    expect(cache.get('a', find)).toBe(cache.get('a', find));
    expect(finds).toBe(1);
  });

  it('given matches beyond its byte budget, then the least recently used goes first, and clear drops every match', () => {
    const cache = new MatchCache(many.words.byteLength + 200);
    const finds: string[] = [];
    const find = (key: string) => () => {
      finds.push(key);
      return kept([many]);
    };
    cache.get('a', find('a'));
    cache.get('b', find('b'));
    expect(cache.size).toBe(1);
    cache.get('b', find('b'));
    cache.clear();
    cache.get('b', find('b'));
    expect(finds).toEqual(['a', 'b', 'b']);
  });
});

describe('kept', () => {
  it('given tiers of few and many rows, then it keeps the few as ascending lists, the many as the bit set, with their counts', () => {
    const few = Bitset.fromIterable([9, 3, 700]);
    const m = kept([few, many]);
    expect(m.counts).toEqual([3, 2500]);
    expect(m.tiers[0]).toEqual(Int32Array.from([3, 9, 700]));
    expect(m.tiers[1]).toBe(many);
  });
});

import { describe, expect, it } from 'vitest';
import { SeenFilter } from './seen-filter';

describe('SeenFilter', () => {
  it('says maybe for every string added, even when it is nearly full', () => {
    const filter = new SeenFilter(1024);
    const added = Array.from({ length: 2000 }, (_, i) => `id-${i}`);
    for (const s of added) filter.add('projects', s);
    expect(added.every((s) => filter.mayHave('projects', s))).toBe(true);
  });

  it('says no for nearly every string never added while it holds few', () => {
    const filter = new SeenFilter(2 ** 20);
    for (let i = 0; i < 10_000; i++) filter.add('versions', 'sha1', i.toString(16));
    let maybe = 0;
    for (let i = 0; i < 10_000; i++) if (filter.mayHave('versions', 'sha1', `other-${i}`)) maybe++;
    // two bits a string in 2^20: about (1 - e^(-2 * 10^4 / 2^20))^2, 0.04%, false positives
    expect(maybe).toBeLessThan(20);
    expect(new SeenFilter(64).mayHave('anything', 'at all')).toBe(false);
  });

  it('tells the parts apart: (ab, c) is not (a, bc)', () => {
    const filter = new SeenFilter(2 ** 20);
    filter.add('users', 'ab', 'c');
    expect(filter.mayHave('users', 'ab', 'c')).toBe(true);
    expect(filter.mayHave('users', 'a', 'bc')).toBe(false);
    expect(filter.mayHave('users', 'abc')).toBe(false);
  });

  it('takes only a power of two of at least 32 bits', () => {
    expect(() => new SeenFilter(1000)).toThrow('power of two');
    expect(() => new SeenFilter(16)).toThrow('power of two');
  });
});

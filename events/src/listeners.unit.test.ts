import { describe, expect, it } from 'vitest';
import { Listeners } from './listeners';

describe('Listeners', () => {
  it('tells every listener each value, in the order they were added, until it is removed', () => {
    const listeners = new Listeners<number>();
    const seen: string[] = [];
    const removeA = listeners.add((v) => seen.push(`a${v}`));
    listeners.add((v) => seen.push(`b${v}`));
    listeners.emit(1);
    removeA();
    listeners.emit(2);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
  });
});

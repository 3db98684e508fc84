import { describe, expect, it } from 'vitest';
import { formatBytes, formatCategory, formatGameVersions, formatMoney, formatNumber } from './format';
import { GAME_VERSIONS } from './constants';

describe('formatNumber', () => {
  it('writes 1,000,000 or more as X.XXM', () => {
    expect(formatNumber(1_000_000)).toBe('1.00M');
    expect(formatNumber(1_234_567)).toBe('1.23M');
    expect(formatNumber(25_500_000)).toBe('25.50M');
  });
  it('writes 10,000 or more as X.Xk', () => {
    expect(formatNumber(10_000)).toBe('10.0k');
    expect(formatNumber(12_345)).toBe('12.3k');
    expect(formatNumber(999_999)).toBe('1000.0k');
  });
  it('comma-groups anything smaller', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(9999)).toBe('9,999');
    expect(formatNumber('4321')).toBe('4,321');
  });
});

describe('formatMoney', () => {
  it('floors to cents with a $ and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1.999)).toBe('$1.99');
    expect(formatMoney(0.29)).toBe('$0.29');
    expect(formatMoney(10)).toBe('$10.00');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(0.005)).toBe('$0.00');
  });
});

describe('formatBytes', () => {
  it('uses Bytes, KiB, MiB and GiB with at most two decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1_234_567)).toBe('1.18 MiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GiB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3072 GiB');
  });
});

describe('formatGameVersions', () => {
  it('collapses consecutive known versions into en-dash ranges', () => {
    expect(formatGameVersions(['1.0.3', '1.11.4', '1.16.201-arm32', '1.16.201-arm64'], GAME_VERSIONS)).toBe('1.0.3\u20131.16.201-arm64');
    expect(formatGameVersions(['1.11.4', '1.0.3'], GAME_VERSIONS)).toBe('1.0.3\u20131.11.4');
  });
  it('keeps gaps as separate entries and singles as is', () => {
    expect(formatGameVersions(['1.0.3', '1.16.201-arm32'], GAME_VERSIONS)).toBe('1.0.3, 1.16.201-arm32');
    expect(formatGameVersions(['1.11.4'], GAME_VERSIONS)).toBe('1.11.4');
    expect(formatGameVersions([], GAME_VERSIONS)).toBe('');
  });
  it('orders by the tag dates when given', () => {
    const tags = [
      { version: 'b', date: '2020-01-01T00:00:00Z' },
      { version: 'a', date: '2021-01-01T00:00:00Z' },
      { version: 'c', date: '2022-01-01T00:00:00Z' },
    ];
    expect(formatGameVersions(['a', 'b', 'c'], tags)).toBe('b\u2013c');
    expect(formatGameVersions(['b', 'c'], tags)).toBe('b, c');
  });
  it('appends versions the tag list does not know', () => {
    expect(formatGameVersions(['9.9', '1.0.3'], GAME_VERSIONS)).toBe('1.0.3, 9.9');
  });
});

describe('formatCategory (display names)', () => {
  it('uses the spec names', () => {
    expect(formatCategory('modshelf')).toBe('Modshelf');
    expect(formatCategory('coreengine')).toBe('Core Engine');
    expect(formatCategory('game-mechanics')).toBe('Game Mechanics');
    expect(formatCategory('worldgen')).toBe('World Generation');
    expect(formatCategory('gui')).toBe('GUI');
    expect(formatCategory('8x-')).toBe('8x or lower');
    expect(formatCategory('512x+')).toBe('512x or higher');
    expect(formatCategory('paypal')).toBe('PayPal');
  });
  it('capitalises other names word by word', () => {
    expect(formatCategory('adventure')).toBe('Adventure');
    expect(formatCategory('kitchen-sink')).toBe('Kitchen Sink');
    expect(formatCategory('name-squatting')).toBe('Name Squatting');
  });
});

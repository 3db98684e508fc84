import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { countValues } from '@modshelf/web-kit';

/** Counted messages get the raw number for the plural rules and the spec's formatted text to show. */
const ru = JSON.parse(readFileSync(join(import.meta.dirname, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
const intl = (locale: string, messages: Record<string, string>) =>
  createIntl({
    locale,
    messages,
    defaultLocale: 'en-US',
    onError: (e) => {
      throw e;
    },
  });
const EN_DOWNLOADS = '{compact, select, yes {{n} downloads} other {{count, plural, one {{n} download} other {{n} downloads}}}}';

describe('Russian plural forms of counts', () => {
  const t = (id: string, n: number) => intl('ru', ru).formatMessage({ id }, countValues(n));
  it.each([
    [1, '1 загрузка'],
    [3, '3 загрузки'],
    [21, '21 загрузка'],
    [41, '41 загрузка'],
    [5, '5 загрузок'],
    [11, '11 загрузок'],
    [0, '0 загрузок'],
    [1_200, '1,200 загрузок'],
    [1_234, '1,234 загрузки'],
    [12_345, '12.3k загрузок'],
    [1_234_567, '1.23M загрузок'],
  ])('downloads %i -> %s', (n, text) => {
    expect(t('card.downloadsCount', n)).toBe(text);
  });
  it.each([
    [1, '1 подписчик'],
    [2, '2 подписчика'],
    [5, '5 подписчиков'],
    [101, '101 подписчик'],
    [12_000, '12.0k подписчиков'],
  ])('followers %i -> %s', (n, text) => {
    expect(t('card.followersCount', n)).toBe(text);
  });
  it('the exact count in the tooltip', () => {
    const x = (n: number) => intl('ru', ru).formatMessage({ id: 'project.exactDownloads' }, { count: n, n: n.toLocaleString('en-US') });
    expect(x(1)).toBe('1 загрузка');
    expect(x(1_234)).toBe('1,234 загрузки');
    expect(x(1_000_005)).toBe('1,000,005 загрузок');
  });
});

describe('English counts', () => {
  const t = (n: number) => intl('en-US', {}).formatMessage({ id: 'card.downloadsCount', defaultMessage: EN_DOWNLOADS }, countValues(n));
  it('singular, plural and the abbreviated forms', () => {
    expect(t(1)).toBe('1 download');
    expect(t(2)).toBe('2 downloads');
    expect(t(1_200)).toBe('1,200 downloads');
    expect(t(12_345)).toBe('12.3k downloads');
    expect(t(1_234_567)).toBe('1.23M downloads');
  });
});

describe('countValues', () => {
  it('keeps the raw number and marks abbreviated text', () => {
    expect(countValues(41)).toEqual({ count: 41, n: '41', compact: 'no' });
    expect(countValues(12_345)).toEqual({ count: 12_345, n: '12.3k', compact: 'yes' });
    expect(countValues(7, (s) => `<${s}>`).n).toBe('<7>');
  });
});

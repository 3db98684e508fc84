import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The author tabs' own bundle: every t(key, text) / tr(intl, key, text) in this folder has a Russian text, and no stale ones. */
function keysIn(dir: string, shared: string[]): Set<string> {
  const keys = new Set<string>();
  const files = [
    ...readdirSync(dir)
      .filter((n) => /\.tsx?$/.test(n) && !n.endsWith('.test.ts'))
      .map((n) => join(dir, n)),
    ...shared,
  ];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt(?:r\(intl,\s*|\()\s*'([\w.]+)',\s*'/g)) keys.add(m[1]);
  }
  return keys;
}
/** texts the author tabs take from the web kit, in this bundle's language */
const KIT = join(import.meta.dirname, '..', '..', '..', '..', 'web-kit', 'src');
const SHARED = [join(KIT, 'analytics', 'labels.ts'), join(KIT, 'status-labels.ts')];

describe('project settings messages', () => {
  const keys = keysIn(import.meta.dirname, SHARED);
  const ru = JSON.parse(readFileSync(join(import.meta.dirname, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
  it('has a Russian text for every key', () => {
    expect(keys.size).toBeGreaterThan(100);
    expect([...keys].filter((k) => !(k in ru))).toEqual([]);
  });
  it('holds no unused keys', () => {
    expect(Object.keys(ru).filter((k) => !keys.has(k))).toEqual([]);
  });
});

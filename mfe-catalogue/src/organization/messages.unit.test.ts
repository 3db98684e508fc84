import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The organization settings' own bundle: every t(key, text) in this folder has a Russian text, and no stale ones. */
function keysIn(dir: string, shared: string[]): Set<string> {
  const keys = new Set<string>();
  const files = [
    ...readdirSync(dir)
      .filter((n) => /\.tsx?$/.test(n) && !n.endsWith('.test.ts'))
      .map((n) => join(dir, n)),
    ...shared,
  ];
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)',\s*['"]/g)) keys.add(m[1]);
  }
  return keys;
}
/** texts this folder's screens take from the web kit, in this bundle's language */
const SHARED = [join(import.meta.dirname, '..', '..', '..', 'web-kit', 'src', 'analytics', 'labels.ts')];

describe('organization settings messages', () => {
  const keys = keysIn(import.meta.dirname, SHARED);
  const ru = JSON.parse(readFileSync(join(import.meta.dirname, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
  it('has a Russian text for every key', () => {
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((k) => !(k in ru))).toEqual([]);
  });
  it('holds no unused keys', () => {
    expect(Object.keys(ru).filter((k) => !keys.has(k))).toEqual([]);
  });
});

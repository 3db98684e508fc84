import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The author tabs' own bundle: every t(key, text) / tr(intl, key, text) in this folder has a Russian text, and no stale ones. */
function keysIn(dir: string): Set<string> {
  const keys = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!/\.tsx?$/.test(name) || name.endsWith('.test.ts')) continue;
    const src = readFileSync(join(dir, name), 'utf8');
    for (const m of src.matchAll(/\bt(?:r\(intl,\s*|\()\s*'([\w.]+)',\s*'/g)) keys.add(m[1]);
  }
  return keys;
}

describe('project settings messages', () => {
  const keys = keysIn(import.meta.dirname);
  const ru = JSON.parse(readFileSync(join(import.meta.dirname, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
  it('has a Russian text for every key', () => {
    expect(keys.size).toBeGreaterThan(100);
    expect([...keys].filter((k) => !(k in ru))).toEqual([]);
  });
  it('holds no unused keys', () => {
    expect(Object.keys(ru).filter((k) => !keys.has(k))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The organization settings' own bundle: every t(key, text) in this folder has a Russian text, and no stale ones. */
function keysIn(dir: string): Set<string> {
  const keys = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!/\.tsx?$/.test(name) || name.endsWith('.test.ts')) continue;
    for (const m of readFileSync(join(dir, name), 'utf8').matchAll(/\bt\(\s*'([\w.]+)',\s*['"]/g)) keys.add(m[1]);
  }
  return keys;
}

describe('organization settings messages', () => {
  const keys = keysIn(import.meta.dirname);
  const ru = JSON.parse(readFileSync(join(import.meta.dirname, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
  it('has a Russian text for every key', () => {
    expect(keys.size).toBeGreaterThan(50);
    expect([...keys].filter((k) => !(k in ru))).toEqual([]);
  });
  it('holds no unused keys', () => {
    expect(Object.keys(ru).filter((k) => !keys.has(k))).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every t(key, text) of the dashboard has a Russian text, and the bundle holds no stale keys. */
function keysIn(dir: string, keys = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) keysIn(path, keys);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/\bt\(\s*'([\w.]+)',\s*'/g)) keys.add(m[1]);
    }
  }
  return keys;
}

/** texts the dashboard takes from the web kit, in its language */
const KIT = join(import.meta.dirname, '..', '..', 'web-kit', 'src');
const SHARED = [join(KIT, 'analytics', 'labels.ts'), join(KIT, 'status-labels.ts')];

describe('dashboard messages', () => {
  const keys = keysIn(import.meta.dirname);
  for (const file of SHARED) for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)',\s*'/g)) keys.add(m[1]);
  const ru = JSON.parse(readFileSync(join(import.meta.dirname, 'messages', 'ru.json'), 'utf8')) as Record<string, string>;
  it('has a Russian text for every key', () => {
    expect(keys.size).toBeGreaterThan(80);
    expect([...keys].filter((k) => !(k in ru))).toEqual([]);
  });
  it('holds no unused keys', () => {
    expect(Object.keys(ru).filter((k) => !keys.has(k))).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every message id used in a package's source has a Russian translation (and no stale ones linger). */
function idsIn(dir: string): Set<string> {
  const ids = new Set<string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      for (const id of idsIn(path)) ids.add(id);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
      const src = readFileSync(path, 'utf8');
      for (const m of src.matchAll(/(?:\bid:\s*|<FormattedMessage[^>]*?\bid=)["']([a-zA-Z][\w.]*)["']/g)) ids.add(m[1]);
    }
  }
  return ids;
}

const root = join(import.meta.dirname, '..', '..');
const read = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8')) as Record<string, string>;

describe('Russian bundles', () => {
  const shellRu = read('shell/src/messages/ru.json');
  const catalogueRu = read('mfe-catalogue/src/messages/ru.json');
  const shellIds = new Set([...idsIn(join(root, 'shell/src')), ...idsIn(join(root, 'web-kit/src'))]);
  const catalogueIds = idsIn(join(root, 'mfe-catalogue/src'));

  it('cover every id of the shell and the web kit', () => {
    expect([...shellIds].filter((id) => !(id in shellRu))).toEqual([]);
  });
  it('cover every id of the catalogue', () => {
    expect([...catalogueIds].filter((id) => !(id in catalogueRu) && !(id in shellRu))).toEqual([]);
  });
  it('hold no unused ids', () => {
    expect(Object.keys(shellRu).filter((id) => !shellIds.has(id))).toEqual([]);
    expect(Object.keys(catalogueRu).filter((id) => !catalogueIds.has(id))).toEqual([]);
  });
});

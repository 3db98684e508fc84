import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The browser takes the wire's types from the contract's zod schemas (web-kit/src/types.ts). The
 * schemas import zod, so a value import of `@modshelf/contract/v2` from browser code would put zod
 * in the bundles: browser sources may only `import type` / `export type` from it.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BROWSER_PACKAGES = ['web-kit', 'shell', 'mfe-catalogue', 'mfe-dashboard', 'mfe-moderation', 'mfe-settings'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `import ... from '@modshelf/contract/v2...'` and `export ... from` statements that are not type-only. */
function valueImportsOfSchemas(text: string): string[] {
  const statements = text.match(/(?:import|export)\s[^;]*?from\s+['"]@modshelf\/contract\/v2[^'"]*['"]/g) ?? [];
  return statements.filter((s) => !/^(?:import|export)\s+type\s/.test(s));
}

describe('browser code imports the wire schemas as types only', () => {
  it('finds a value import (the check can fail)', () => {
    expect(valueImportsOfSchemas("import { Project } from '@modshelf/contract/v2';")).toHaveLength(1);
    expect(valueImportsOfSchemas("export { Project } from '@modshelf/contract/v2/project';")).toHaveLength(1);
    expect(valueImportsOfSchemas("import type { Project } from '@modshelf/contract/v2';\nexport type { User } from '@modshelf/contract/v2';")).toEqual([]);
  });

  it('no browser source imports @modshelf/contract/v2 as a value', () => {
    const offenders = BROWSER_PACKAGES.flatMap((pkg) =>
      sources(join(ROOT, pkg, 'src')).flatMap((file) => valueImportsOfSchemas(readFileSync(file, 'utf8')).map((s) => `${relative(ROOT, file)}: ${s}`)),
    );
    expect(offenders).toEqual([]);
  });

  it('web-kit re-exports the wire types from the contract', () => {
    expect(readFileSync(join(ROOT, 'web-kit/src/types.ts'), 'utf8')).toMatch(/export type \{[^}]*\bProject\b[^}]*\} from '@modshelf\/contract\/v2'/);
  });
});

/**
 * `npm run lint:cycles` (madge, with .madgerc) finds import cycles that ESLint's import-x/no-cycle does not
 * see: cycles made of type-only imports, which leave no trace at run time but still tie two files together.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** madge's cycles (file lists) for these folders, run as `npm run lint:cycles` runs it. */
function cycles(...folders: string[]): { status: number | null; cycles: string[][] } {
  const r = spawnSync(join(ROOT, 'node_modules/.bin/madge'), ['--circular', '--json', '--no-spinner', ...folders], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, cycles: JSON.parse(r.stdout) as string[][] };
}

describe('lint:cycles', () => {
  it('fails on two files that import only types from each other', () => {
    const r = cycles('lint/fixtures/type-cycle');
    expect(r.cycles).toEqual([['a.ts', 'b.ts']]);
    expect(r.status).not.toBe(0);
  });

  it('fails on a value cycle too, and passes a folder without one', () => {
    expect(cycles('lint/fixtures/cycle').cycles).toEqual([['a.ts', 'b.ts']]);
    const clean = cycles('lint/src');
    expect(clean.cycles).toEqual([]);
    expect(clean.status).toBe(0);
  });
});

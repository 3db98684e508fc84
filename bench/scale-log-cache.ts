/**
 * The scale section's generated logs, kept between runs: a log of N projects from one seed is the same
 * catalogue every time (only its random ids differ), so a second run copies it instead of generating it
 * again. Keyed by size, seed and a hash of the code that writes it (the generator, the event schemas, the
 * lookup tables, the SQLite store, the revenue accrual's credits), so a change to any of them generates a new one.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './server';

/** the code a generated log depends on */
const SOURCES = [
  'events/src/generator',
  'events/src/catalogue',
  'events/src/lookup',
  'events/src/store/sqlite.ts',
  'events/src/registry.ts',
  'bench/scale-accruals.ts',
  'bench/scale-log.ts',
  'bench/scale-log-worker.ts',
  'command-service/src/payouts',
];

function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (path.endsWith('.ts')) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
    .sort()
    .map((f) => join(full, f));
}

/** A hash of the sources above (their contents, in a fixed order). */
export function generatorVersion(): string {
  const h = createHash('sha1');
  for (const file of SOURCES.flatMap(sourceFiles)) h.update(file.slice(ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  return h.digest('hex').slice(0, 12);
}

export interface LogCache {
  /** where the log of this key is kept */
  path: string;
  /** copies the kept log to `target`; false when there is none */
  restore(target: string): boolean;
  /** keeps `source` (a closed, checkpointed SQLite file) under this key */
  keep(source: string): void;
}

/** BENCH_LOG_CACHE: the folder (default: modshelf-bench-logs in the temp folder); `off` keeps nothing. */
export function logCache(projects: number, seed: number): LogCache | null {
  const setting = process.env.BENCH_LOG_CACHE;
  if (setting === 'off') return null;
  const dir = setting || join(tmpdir(), 'modshelf-bench-logs');
  const path = join(dir, `events-${projects}-seed${seed}-${generatorVersion()}.db`);
  return {
    path,
    restore(target) {
      if (!existsSync(path)) return false;
      copyFileSync(path, target);
      return true;
    },
    keep(source) {
      mkdirSync(dir, { recursive: true });
      // written under another name first: a run stopped while copying leaves no half log under the key
      const partial = `${path}.partial-${process.pid}`;
      try {
        copyFileSync(source, partial);
        renameSync(partial, path);
      } finally {
        rmSync(partial, { force: true });
      }
    },
  };
}

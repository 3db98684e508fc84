import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onStop, tempDirName } from './on-stop';

/**
 * A fresh temp folder, removed by `remove()`, or when the bench exits or is stopped before that (bench/on-stop.ts);
 * `keep()` leaves it for good, under a name without this process's pid (so no later run sweeps it), and answers that name.
 */
export function tempDir(prefix: string): { dir: string; remove(): void; keep(): string } {
  const dir = mkdtempSync(join(tmpdir(), tempDirName(prefix)));
  const removeNow = () => rmSync(dir, { recursive: true, force: true });
  const forget = onStop(removeNow);
  return {
    dir,
    remove: () => {
      forget();
      removeNow();
    },
    keep: () => {
      forget();
      const kept = dir.replace(`-p${process.pid}-`, '-kept-');
      renameSync(dir, kept);
      return kept;
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samplesMs: number[]): { p50_ms: number; p99_ms: number; max_ms: number; n: number } {
  const s = [...samplesMs].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { p50_ms: r(percentile(s, 50)), p99_ms: r(percentile(s, 99)), max_ms: r(s[s.length - 1] ?? NaN), n: s.length };
}

export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * autocannon's sampling period, ms. A run of `amount` requests ends at the first sample after the last answer, and its
 * `duration` with it: at the default (1 s) a 1.3 s run counts as 2 s and a 4.2 s run as 5 s, so requests/s (and a
 * ratio of two of them) came out low by up to half. 20 ms keeps the error under 2% of a one-second run.
 */
export const SAMPLE_MS = 20;

/**
 * A projection runner's start to caught up (`ready`), as a site starts: wall seconds, and the process's CPU over it (every
 * thread: a catch-up worker's too), as process.cpuUsage gives it.
 */
export async function timedCatchUp(runner: {
  start(): Promise<void>;
  ready: Promise<void>;
}): Promise<{ seconds: number; cpu: NodeJS.CpuUsage; startedAt: number }> {
  const startedAt = performance.now();
  const before = process.cpuUsage();
  await runner.start();
  await runner.ready;
  return { seconds: (performance.now() - startedAt) / 1000, cpu: process.cpuUsage(before), startedAt };
}

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepStale, tempDirName } from './on-stop';
import { ROOT } from './server';
import { tempDir } from './util';

/** A process that runs: one that has exited but is not yet reaped (a zombie, state Z in /proc) does not. */
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

/** Starts bench/on-stop-fixture.ts, stops it with `signal` once it is ready; its exit code, folder and child. */
async function stopFixture(signal: NodeJS.Signals) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/on-stop-fixture.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = await new Promise<{ dir: string; child: number }>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
    });
    proc.once('exit', (code) => reject(new Error(`the fixture exited ${code}`)));
  });
  expect(existsSync(ready.dir)).toBe(true);
  expect(running(ready.child)).toBe(true);
  const code = await new Promise<number | null>((resolve) => {
    proc.once('exit', (c) => resolve(c));
    proc.kill(signal);
  });
  // SIGKILL is asynchronous: the child is gone once the kernel has reaped it
  for (let i = 0; i < 100 && running(ready.child); i++) await new Promise((r) => setTimeout(r, 20));
  return { code, ...ready };
}

describe('a bench stopped before it ends', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('removes its temp folders and ends its child processes on %s, and exits %i', async (signal, exitCode) => {
    const stopped = await stopFixture(signal);
    expect(stopped.code).toBe(exitCode);
    expect(existsSync(stopped.dir)).toBe(false);
    expect(running(stopped.child)).toBe(false);
  });
});

describe('sweepStale', () => {
  const dir = mkdtempSync(join(tmpdir(), 'on-stop-sweep-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("removes the temp folders of bench processes that are gone, and keeps the running ones' and the unnamed", () => {
    // a pid that is free now: a process that has exited
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    expect(running(deadPid)).toBe(false);
    const dead = `${tempDirName('scale-1000000', deadPid)}AbC123`;
    const mine = `${tempDirName('scale-1000000')}XyZ789`;
    const unnamed = 'modshelf-bench-logs';
    const other = `other-p${deadPid}-abc`;
    for (const name of [dead, mine, unnamed, other]) mkdirSync(join(dir, name, 'inner'), { recursive: true });

    expect(sweepStale(dir)).toEqual([dead]);
    expect(existsSync(join(dir, dead))).toBe(false);
    for (const name of [mine, unnamed, other]) expect(existsSync(join(dir, name))).toBe(true);
  });

  it('leaves a kept folder (BENCH_KEEP_DIR) once its process is gone', () => {
    const tmp = tempDir('keep-test');
    const kept = tmp.keep();
    try {
      expect(existsSync(tmp.dir)).toBe(false);
      expect(existsSync(kept)).toBe(true);
      // the same name with the pid of a process that is gone is swept; the kept one is not
      renameSync(kept, join(dir, basename(kept)));
      expect(sweepStale(dir)).toEqual([]);
      expect(existsSync(join(dir, basename(kept)))).toBe(true);
    } finally {
      rmSync(kept, { recursive: true, force: true });
    }
  });
});

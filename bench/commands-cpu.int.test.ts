import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { quiet, threadCpuMs, withCpu } from './commands-cpu';

describe('quiet(): waiting for a process to finish its start-up work', () => {
  const children: ChildProcess[] = [];
  afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

  /** A node process that spins until it has used `busyMs` of CPU, then sleeps (killed after the test). */
  function spinner(busyMs: number): ChildProcess {
    const script = `while (process.cpuUsage().user < ${busyMs * 1000}); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    children.push(child);
    return child;
  }

  it('waits while the process works, then answers quiet', async () => {
    const busy = spinner(1500);
    const r = await quiet(busy.pid!, { windowMs: 200, maxMs: 20_000 });
    expect(r.quiet).toBe(true);
    // the 1.5 s of CPU it spun (all but its start, before the first reading) fell before the two calm windows
    expect(r.cpu_ms).toBeGreaterThanOrEqual(1000);
    expect(r.seconds).toBeGreaterThanOrEqual(1.4);
  });

  it('gives up after maxMs on a process that never rests', async () => {
    const busy = spinner(60_000);
    const r = await quiet(busy.pid!, { windowMs: 100, maxMs: 800 });
    expect(r.quiet).toBe(false);
    expect(r.cpu_ms).toBeGreaterThan(0);
  });
});

describe('withCpu(): the CPU of a run, and its main thread part', () => {
  const children: ChildProcess[] = [];
  afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

  /** A node process running `script` (killed after the test), once it has started. */
  async function child(script: string): Promise<number> {
    const c = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(c);
    await new Promise((res) => c.stdout!.once('data', res));
    return c.pid!;
  }
  /** A run of `ms` that "served" 100 requests. */
  const run = (ms: number) => () => new Promise<{ requests: number }>((res) => setTimeout(() => res({ requests: 100 }), ms));

  it('counts the main thread busy and in user space when its event loop spins', async () => {
    const pid = await child(`console.log('up'); for (;;);`);
    const r = await withCpu(pid, run(800));
    expect(r.main_thread!.busy_share).toBeGreaterThan(0.25);
    // up to 800 ms of a core over 100 requests (less what a busy machine gave others): over a thousand µs a request, nearly all user
    expect(r.main_thread!.user_us_per_request!).toBeGreaterThan(1500);
    expect(r.main_thread!.system_us_per_request!).toBeLessThan(r.main_thread!.user_us_per_request! / 4);
  });

  it("counts a main thread's system calls as system time", async () => {
    // each statSync is a system call; the loop does nothing else
    const pid = await child(`const fs = require('fs'); console.log('up'); for (;;) fs.statSync('/');`);
    const before = threadCpuMs(pid)!;
    await new Promise((res) => setTimeout(res, 800));
    const after = threadCpuMs(pid)!;
    expect(after.system - before.system).toBeGreaterThan(0);
  });

  it('leaves out the CPU of the other threads: a worker spins while the event loop waits', async () => {
    const pid = await child(
      `const { Worker } = require('worker_threads'); new Worker('for (;;);', { eval: true }); setInterval(() => {}, 1000); setTimeout(() => console.log('up'), 100);`,
    );
    const r = await withCpu(pid, run(800));
    // the process spent most of a core; its main thread next to nothing
    expect(r.cpu_us_per_request!).toBeGreaterThan(1000);
    expect(r.main_thread!.busy_share).toBeLessThan(0.1);
  });
});

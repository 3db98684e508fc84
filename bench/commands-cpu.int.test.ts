import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { quiet } from './commands-cpu';

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

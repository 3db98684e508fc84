import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. Per request, it is a
 * figure that a busy machine changes far less than requests/s: other processes take turns on the cores, not
 * this process's work per request.
 */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are the 14th and 15th fields of the line (11 and 12 after the command name), in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) one thread of a process has used so far in user space and in the kernel, from /proc (Linux); null elsewhere.
 * A process's main thread (its event loop in Node) is the thread whose id is the process's.
 */
export function threadCpuMs(pid: number, tid = pid): { user: number; system: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return null;
  }
}

/** CPU ms spent over `requests` requests, in µs a request (null without a figure or without requests). */
export const usPerRequest = (cpuMsSpent: number | null, requests: number): number | null =>
  cpuMsSpent === null || requests === 0 ? null : Math.round((cpuMsSpent * 1000) / requests);

/**
 * What the main thread (the event loop) of a process spent over a run: µs a request in user space and in the kernel (system
 * calls: sockets, file locks, reads and writes), and its busy share of the run's wall time (1: the event loop never waited).
 */
export interface MainThreadCpu {
  user_us_per_request: number | null;
  system_us_per_request: number | null;
  busy_share: number;
}

/**
 * Measures `run` and the CPU `pid` spent meanwhile, in µs per request (null without /proc), and its main thread's part
 * (`main_thread`, null without /proc).
 */
export async function withCpu<R extends { requests: number }>(
  pid: number,
  run: () => Promise<R>,
): Promise<R & { cpu_us_per_request: number | null; main_thread: MainThreadCpu | null }> {
  const before = cpuMs(pid);
  const mainBefore = threadCpuMs(pid);
  const t = performance.now();
  const r = await run();
  const wallMs = performance.now() - t;
  const after = cpuMs(pid);
  const mainAfter = threadCpuMs(pid);
  const main =
    mainBefore && mainAfter
      ? {
          user_us_per_request: usPerRequest(mainAfter.user - mainBefore.user, r.requests),
          system_us_per_request: usPerRequest(mainAfter.system - mainBefore.system, r.requests),
          busy_share: Math.round((100 * (mainAfter.user - mainBefore.user + mainAfter.system - mainBefore.system)) / wallMs) / 100,
        }
      : null;
  return { ...r, cpu_us_per_request: usPerRequest(before === null || after === null ? null : after - before, r.requests), main_thread: main };
}

/**
 * Waits until `pid` is quiet: two windows of `windowMs` in a row in which it used under `share` of one core. Answers the
 * seconds waited and the CPU ms it used meanwhile; gives up after `maxMs` (quiet: false). Without /proc, answers at once.
 */
export async function quiet(
  pid: number,
  { windowMs = 500, share = 0.05, maxMs = 300_000 } = {},
): Promise<{ seconds: number; cpu_ms: number | null; quiet: boolean }> {
  const t = performance.now();
  const first = cpuMs(pid);
  if (first === null) return { seconds: 0, cpu_ms: null, quiet: false };
  let last = first;
  let calm = 0;
  while (calm < 2 && performance.now() - t < maxMs) {
    await new Promise((res) => setTimeout(res, windowMs));
    const now = cpuMs(pid);
    if (now === null) break;
    calm = now - last < windowMs * share ? calm + 1 : 0;
    last = now;
  }
  return { seconds: Math.round(performance.now() - t) / 1000, cpu_ms: last - first, quiet: calm >= 2 };
}

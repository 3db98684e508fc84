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

/** CPU ms spent over `requests` requests, in µs a request (null without a figure or without requests). */
export const usPerRequest = (cpuMsSpent: number | null, requests: number): number | null =>
  cpuMsSpent === null || requests === 0 ? null : Math.round((cpuMsSpent * 1000) / requests);

/** Measures `run` and the CPU `pid` spent meanwhile, in µs per request (null without /proc). */
export async function withCpu<R extends { requests: number }>(pid: number, run: () => Promise<R>): Promise<R & { cpu_us_per_request: number | null }> {
  const before = cpuMs(pid);
  const r = await run();
  const after = cpuMs(pid);
  return { ...r, cpu_us_per_request: usPerRequest(before === null || after === null ? null : after - before, r.requests) };
}

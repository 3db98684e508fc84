import WebSocket from 'ws';

export interface MemoryAfterGc {
  /** resident set size, bytes */
  rss: number;
  /** live JavaScript heap after a full collection, bytes */
  heapUsed: number;
  heapTotal: number;
  /** memory of C++ objects bound to JavaScript objects (buffers included), bytes */
  external: number;
  arrayBuffers: number;
}

/** A V8 CPU profile (the DevTools protocol's Profiler.Profile): a call tree, and which node each sample fell in. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  /** microseconds */
  startTime: number;
  endTime: number;
  /** the node of each sample, and the microseconds since the sample before it */
  samples: number[];
  timeDeltas: number[];
}

/**
 * A DevTools-protocol connection to a Node process started with `--inspect=127.0.0.1:<port>`:
 * it can force a full garbage collection and read `process.memoryUsage()` right after it, which
 * is the live heap (a plain sample includes garbage not collected yet), and take a CPU profile of
 * the process while `run` runs (sampling every `intervalUs`).
 */
export interface InspectorClient {
  memoryAfterGc(): Promise<MemoryAfterGc>;
  cpuProfile<T>(run: () => Promise<T>, intervalUs?: number): Promise<{ result: T; profile: CpuProfile }>;
  close(): void;
}

export async function connectInspector(port: number): Promise<InspectorClient> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (msg.id === undefined) return;
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.error) w?.reject(new Error(msg.error.message));
    else w?.resolve(msg.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    async memoryAfterGc() {
      await send('HeapProfiler.collectGarbage');
      const result = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as {
        result: { value: string };
      };
      return JSON.parse(result.result.value) as MemoryAfterGc;
    },
    async cpuProfile(run, intervalUs = 1000) {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: intervalUs });
      await send('Profiler.start');
      const outcome = await run().then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
      await send('Profiler.disable');
      if ('error' in outcome) throw outcome.error;
      return { result: outcome.value, profile };
    },
    close: () => ws.close(),
  };
}

import v8 from 'node:v8';
import vm from 'node:vm';
import type { ProjectionStorage } from '../storage/port';

/** One full GC and SQLite's shrink_memory, after a bulk catch-up (V8's gc is reached through a flag at run time). */
export function releaseMemory(storage: ProjectionStorage): void {
  try {
    (storage as { db?: { pragma(p: string): unknown } }).db?.pragma('shrink_memory');
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
  } catch {
    /* best effort */
  }
}

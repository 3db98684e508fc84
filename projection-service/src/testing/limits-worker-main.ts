import { parentPort, resourceLimits } from 'node:worker_threads';

/** A worker thread that tells its parent the resource limits it runs under (worker-entry.unit.test.ts). */
parentPort!.postMessage(resourceLimits);

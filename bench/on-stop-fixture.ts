/**
 * For bench/on-stop.int.test.ts: a bench-like process that makes a temp folder (with a file in it) and starts a child
 * process that would outlive it, prints `{"dir","child"}` and waits to be stopped.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killNow, onStop } from './on-stop';
import { tempDir } from './util';

const tmp = tempDir('on-stop-test');
writeFileSync(join(tmp.dir, 'data'), 'x'.repeat(1000));
const child = spawn('sleep', ['120'], { stdio: 'ignore', detached: true });
onStop(() => killNow(child.pid));
process.stdout.write(`${JSON.stringify({ dir: tmp.dir, child: child.pid })}\n`);
setInterval(() => {}, 1000);

import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What the bench undoes when it stops before its own `finally` blocks run: a `kill` or Ctrl-C in the middle of the
 * 1M scale section used to leave its temp folders (17 GB) and its child processes behind. Each undo is registered
 * with `onStop` and dropped by the function it answers once the bench has done it itself.
 */
type Undo = () => void;

const pending = new Set<{ undo: Undo }>();
let installed = false;

/** the exit code of a process ended by a signal, as a shell reports it */
const STOP_SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** Runs every undo still registered, the latest first (a child process before the folder it writes into). */
function undoAll(): void {
  for (const entry of [...pending].reverse()) {
    pending.delete(entry);
    try {
      entry.undo();
    } catch {
      // the others still run
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', undoAll);
  for (const [signal, code] of Object.entries(STOP_SIGNALS)) {
    process.once(signal, () => {
      process.stderr.write(`[bench] stopped by ${signal}: removing what it started\n`);
      undoAll();
      process.exit(code);
    });
  }
}

/** Registers `undo` to run if the process exits or is stopped by SIGINT, SIGTERM or SIGHUP; answers its removal. */
export function onStop(undo: Undo): () => void {
  install();
  const entry = { undo };
  pending.add(entry);
  return () => void pending.delete(entry);
}

/** Ends a child process at once (its work is lost with the bench's), if it still runs. */
export function killNow(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The prefix of the bench's temp folders; the pid of the process that made one follows it (see tempDirName). */
export const TEMP_PREFIX = 'modshelf-bench-';

/** A temp folder's name prefix for `label`, naming this process so that a later run can tell whether it is still in use. */
export const tempDirName = (label: string, pid = process.pid) => `${TEMP_PREFIX}${label}-p${pid}-`;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user holds the pid, so it runs
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temp folders of bench processes that are gone (killed with SIGKILL, or by the kernel when memory ran
 * out, so nothing of theirs ran); the folders of running processes, and any without a pid in the name, stay. Answers the
 * folders removed.
 */
export function sweepStale(dir = tmpdir()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const pid = /-p(\d+)-[^-]*$/.exec(name)?.[1];
    if (!pid || alive(Number(pid))) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

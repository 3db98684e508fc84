/**
 * Debian's `wrk` for the bench's load passes (bench/load.ts). When it is missing, it is installed with apt when that
 * is possible (root with apt-get), as e2e/src/chromium.ts installs chromium; otherwise the outcome says why, and the
 * passes fall back to autocannon.
 */
import { spawnSync } from 'node:child_process';

/** What the machine offers; injected so the decision can be tested. */
export interface WrkEnvironment {
  /** the wrk on the PATH, asked again after an install */
  find(): string | null;
  /** effective user id is 0 */
  isRoot: boolean;
  /** apt-get is on the PATH */
  hasApt: boolean;
  /** apt's package lists already know the wrk package (else `apt-get update` first) */
  aptKnowsWrk: boolean;
}

export type WrkDecision = { action: 'use'; path: string } | { action: 'install'; commands: string[][] } | { action: 'fail'; message: string };

/** Which action gives the bench a wrk: use it, install Debian's package, or say why there is none. */
export function decideWrk(env: WrkEnvironment): WrkDecision {
  const path = env.find();
  if (path) return { action: 'use', path };
  if (!env.hasApt) return { action: 'fail', message: 'wrk is missing and there is no apt-get: install wrk (4.1) with the package manager' };
  if (!env.isRoot) return { action: 'fail', message: 'wrk is missing and this is not root: install it with `sudo apt-get install wrk`' };
  const install = ['apt-get', 'install', '-y', '-qq', 'wrk'];
  return { action: 'install', commands: env.aptKnowsWrk ? [install] : [['apt-get', 'update', '-qq'], install] };
}

const succeeds = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/** This machine, as decideWrk sees it (apt is asked only when wrk is missing). */
export function currentWrkEnvironment(): WrkEnvironment {
  let hasApt: boolean | undefined;
  let aptKnowsWrk: boolean | undefined;
  return {
    find: () => spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout?.trim() || null,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    get hasApt() {
      return (hasApt ??= succeeds('sh', ['-c', 'command -v apt-get']));
    },
    get aptKnowsWrk() {
      return (aptKnowsWrk ??= this.hasApt && succeeds('apt-cache', ['show', 'wrk']));
    },
  };
}

export type WrkOutcome = { ok: true; path: string; installed: boolean } | { ok: false; message: string };

/** Runs a command, its output on stderr; answers its exit status. */
export type CommandRunner = (cmd: string, args: string[]) => number | null;

const runCommand: CommandRunner = (cmd, args) =>
  spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;

/** Makes sure wrk is there (installing Debian's package when possible); never throws. */
export function ensureWrk({
  env = currentWrkEnvironment(),
  log = (line: string) => process.stderr.write(`${line}\n`),
  run = runCommand,
}: { env?: WrkEnvironment; log?: (line: string) => void; run?: CommandRunner } = {}): WrkOutcome {
  const decision = decideWrk(env);
  if (decision.action === 'use') return { ok: true, path: decision.path, installed: false };
  if (decision.action === 'fail') return { ok: false, message: decision.message };
  log(`[bench] wrk is missing: installing Debian's wrk (${decision.commands.map((c) => c.join(' ')).join(' && ')})`);
  for (const [cmd, ...args] of decision.commands) {
    const status = run(cmd, args);
    if (status !== 0) return { ok: false, message: `wrk is missing and \`${[cmd, ...args].join(' ')}\` failed (exit ${status})` };
  }
  const path = env.find();
  return path ? { ok: true, path, installed: true } : { ok: false, message: 'wrk was installed but is still not on the PATH' };
}

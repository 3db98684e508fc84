/**
 * A Debian package that the tests or the bench need (chromium, wrk): installed with apt when it is missing and this
 * process may (root, with apt-get). chromium.ts and bench/wrk-install.ts decide when; this is the how, shared.
 */
import { spawnSync } from 'node:child_process';

/** What the machine offers for installing a package; injected so the decisions can be tested. */
export interface AptEnvironment {
  /** effective user id is 0 */
  isRoot: boolean;
  /** apt-get is on the PATH */
  hasApt: boolean;
  /** apt's package lists already know the package (else `apt-get update` first) */
  aptKnows: boolean;
}

/** The commands that install `pkg`, or why it cannot be installed here. */
export type AptPlan = { action: 'install'; commands: string[][] } | { action: 'fail'; why: 'no-apt' | 'not-root' };

export function aptPlan(pkg: string, env: AptEnvironment): AptPlan {
  if (!env.hasApt) return { action: 'fail', why: 'no-apt' };
  if (!env.isRoot) return { action: 'fail', why: 'not-root' };
  const install = ['apt-get', 'install', '-y', '-qq', pkg];
  return { action: 'install', commands: env.aptKnows ? [install] : [['apt-get', 'update', '-qq'], install] };
}

/** Whether a command exits 0 (its output discarded). */
export const succeeds = (cmd: string, args: string[]): boolean => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/** This machine, for `pkg` (apt is asked only when a decision reads it). */
export function currentAptEnvironment(pkg: string): AptEnvironment {
  let hasApt: boolean | undefined;
  let aptKnows: boolean | undefined;
  return {
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    get hasApt() {
      return (hasApt ??= succeeds('sh', ['-c', 'command -v apt-get']));
    },
    get aptKnows() {
      return (aptKnows ??= this.hasApt && succeeds('apt-cache', ['show', pkg]));
    },
  };
}

/** Runs a command, its output on stderr; answers its exit status. */
export type CommandRunner = (cmd: string, args: string[]) => number | null;

export const runCommand: CommandRunner = (cmd, args) =>
  spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;

/** Runs the plan's commands in order, stopping at the first that fails (which it names, with its exit status). */
export function runInstall(commands: string[][], run: CommandRunner = runCommand): { ok: true } | { ok: false; failed: string } {
  for (const [cmd, ...args] of commands) {
    const status = run(cmd, args);
    if (status !== 0) return { ok: false, failed: `\`${[cmd, ...args].join(' ')}\` failed (exit ${status})` };
  }
  return { ok: true };
}

/** The install commands as one line, for a log. */
export const describeCommands = (commands: string[][]): string => commands.map((c) => c.join(' ')).join(' && ');

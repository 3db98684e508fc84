/**
 * Debian's `wrk` for the bench's load passes (bench/load.ts). When it is missing, it is installed with apt when that
 * is possible (root with apt-get), as e2e/src/chromium.ts installs chromium; otherwise the outcome says why, and the
 * passes fall back to autocannon.
 */
import { spawnSync } from 'node:child_process';
import {
  aptPlan,
  currentAptEnvironment,
  describeCommands,
  runCommand,
  runInstall,
  type AptEnvironment,
  type CommandRunner,
} from '@modshelf/e2e/debian-package';

/** What the machine offers; injected so the decision can be tested. */
export interface WrkEnvironment extends AptEnvironment {
  /** the wrk on the PATH, asked again after an install */
  find(): string | null;
}

export type WrkDecision = { action: 'use'; path: string } | { action: 'install'; commands: string[][] } | { action: 'fail'; message: string };

/** Which action gives the bench a wrk: use it, install Debian's package, or say why there is none. */
export function decideWrk(env: WrkEnvironment): WrkDecision {
  const path = env.find();
  if (path) return { action: 'use', path };
  const plan = aptPlan('wrk', env);
  if (plan.action === 'install') return plan;
  if (plan.why === 'no-apt') return { action: 'fail', message: 'wrk is missing and there is no apt-get: install wrk (4.1) with the package manager' };
  return { action: 'fail', message: 'wrk is missing and this is not root: install it with `sudo apt-get install wrk`' };
}

/** This machine, as decideWrk sees it (apt is asked only when wrk is missing). */
export function currentWrkEnvironment(): WrkEnvironment {
  const apt = currentAptEnvironment('wrk');
  return {
    find: () => spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout?.trim() || null,
    isRoot: apt.isRoot,
    get hasApt() {
      return apt.hasApt;
    },
    get aptKnows() {
      return apt.aptKnows;
    },
  };
}

export type WrkOutcome = { ok: true; path: string; installed: boolean } | { ok: false; message: string };

/** Makes sure wrk is there (installing Debian's package when possible); never throws. */
export function ensureWrk({
  env = currentWrkEnvironment(),
  log = (line: string) => process.stderr.write(`${line}\n`),
  run = runCommand,
}: { env?: WrkEnvironment; log?: (line: string) => void; run?: CommandRunner } = {}): WrkOutcome {
  const decision = decideWrk(env);
  if (decision.action === 'use') return { ok: true, path: decision.path, installed: false };
  if (decision.action === 'fail') return { ok: false, message: decision.message };
  log(`[bench] wrk is missing: installing Debian's wrk (${describeCommands(decision.commands)})`);
  const installed = runInstall(decision.commands, run);
  if (!installed.ok) return { ok: false, message: `wrk is missing and ${installed.failed}` };
  const path = env.find();
  return path ? { ok: true, path, installed: true } : { ok: false, message: 'wrk was installed but is still not on the PATH' };
}

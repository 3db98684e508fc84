/**
 * Debian's chromium for the browser tests and the bench's web figures. playwright-core drives
 * /usr/bin/chromium (or CHROMIUM_PATH) and never downloads a browser of its own. When the browser is
 * missing, it is installed with apt when that is possible (root with apt-get); otherwise one line says
 * what to install, and the browser tests fail with that line.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** The flags every headless chromium of the tests and the bench starts with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What the machine offers; injected so the decision can be tested. */
export interface ChromiumEnvironment {
  /** CHROMIUM_PATH when set */
  configuredPath?: string;
  /** whether an executable exists at a path */
  isExecutable(path: string): boolean;
  /** effective user id is 0 */
  isRoot: boolean;
  /** apt-get is on the PATH */
  hasApt: boolean;
  /** apt's package lists already know the chromium package (else `apt-get update` first) */
  aptKnowsChromium: boolean;
}

export type ChromiumDecision =
  { action: 'use'; path: string } | { action: 'install'; path: string; commands: string[][] } | { action: 'fail'; message: string };

export function missingMessage(path: string, env: Pick<ChromiumEnvironment, 'configuredPath' | 'hasApt'>): string {
  if (env.configuredPath)
    return `Chromium is missing: CHROMIUM_PATH=${path} is not an executable; point it at a Chromium binary or unset it to use Debian's ${DEBIAN_CHROMIUM}.`;
  if (env.hasApt)
    return `Debian's chromium is missing at ${path}: install it with \`sudo apt-get install chromium\` (or set CHROMIUM_PATH to a Chromium binary), then rerun the tests.`;
  return `Chromium is missing at ${path}: install Chromium with your system's package manager and set CHROMIUM_PATH to its binary, then rerun the tests.`;
}

/** Which action gives the tests a browser: use it, install Debian's package, or fail with one line. */
export function decideChromium(env: ChromiumEnvironment): ChromiumDecision {
  const path = env.configuredPath || DEBIAN_CHROMIUM;
  if (env.isExecutable(path)) return { action: 'use', path };
  // a configured path is the user's choice: never install something else in its place
  if (env.configuredPath || !env.isRoot || !env.hasApt) return { action: 'fail', message: missingMessage(path, env) };
  const install = ['apt-get', 'install', '-y', '-qq', 'chromium'];
  return { action: 'install', path, commands: env.aptKnowsChromium ? [install] : [['apt-get', 'update', '-qq'], install] };
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function succeeds(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.status === 0;
}

/** This machine, as decideChromium sees it. */
export function currentEnvironment(): ChromiumEnvironment {
  const hasApt = succeeds('sh', ['-c', 'command -v apt-get']);
  return {
    configuredPath: process.env.CHROMIUM_PATH || undefined,
    isExecutable: executable,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasApt,
    aptKnowsChromium: hasApt && succeeds('apt-cache', ['show', 'chromium']),
  };
}

export type ChromiumOutcome = { ok: true; path: string; installed: boolean } | { ok: false; message: string };

/** Runs a command, its output on stderr; answers its exit status. */
export type CommandRunner = (cmd: string, args: string[]) => number | null;

const runCommand: CommandRunner = (cmd, args) =>
  spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status;

/** Makes sure a browser is there (installing Debian's chromium when possible); never throws. */
export function ensureChromium({
  env = currentEnvironment(),
  log = (line: string) => console.warn(line),
  run = runCommand,
}: { env?: ChromiumEnvironment; log?: (line: string) => void; run?: CommandRunner } = {}): ChromiumOutcome {
  const decision = decideChromium(env);
  if (decision.action === 'use') return { ok: true, path: decision.path, installed: false };
  const fail = (message: string): ChromiumOutcome => {
    log(message);
    return { ok: false, message };
  };
  if (decision.action === 'fail') return fail(decision.message);
  log(`[chromium] ${decision.path} is missing: installing Debian's chromium (${decision.commands.map((c) => c.join(' ')).join(' && ')})`);
  for (const [cmd, ...args] of decision.commands) {
    const status = run(cmd, args);
    if (status !== 0) {
      return fail(
        `Debian's chromium is missing at ${decision.path} and \`${[cmd, ...args].join(' ')}\` failed (exit ${status}): install it with \`apt-get install chromium\`, then rerun the tests.`,
      );
    }
  }
  if (!env.isExecutable(decision.path)) {
    return fail(`Debian's chromium was installed but ${decision.path} is still missing: install it with \`apt-get install chromium\`, then rerun the tests.`);
  }
  return { ok: true, path: decision.path, installed: true };
}

/**
 * Debian's chromium for the browser tests and the bench's web figures. playwright-core drives
 * /usr/bin/chromium (or CHROMIUM_PATH) and never downloads a browser of its own. When the browser is
 * missing, it is installed with apt when that is possible (root with apt-get); otherwise one line says
 * what to install, and the browser tests fail with that line.
 */
import { accessSync, constants } from 'node:fs';
import { aptPlan, currentAptEnvironment, describeCommands, runCommand, runInstall, type AptEnvironment, type CommandRunner } from './debian-package';

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
export interface ChromiumEnvironment extends AptEnvironment {
  /** CHROMIUM_PATH when set */
  configuredPath?: string;
  /** whether an executable exists at a path */
  isExecutable(path: string): boolean;
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
  const plan = env.configuredPath ? null : aptPlan('chromium', env);
  if (plan?.action !== 'install') return { action: 'fail', message: missingMessage(path, env) };
  return { action: 'install', path, commands: plan.commands };
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** This machine, as decideChromium sees it (apt is asked only when the browser is missing). */
export function currentEnvironment(): ChromiumEnvironment {
  const apt = currentAptEnvironment('chromium');
  return {
    configuredPath: process.env.CHROMIUM_PATH || undefined,
    isExecutable: executable,
    isRoot: apt.isRoot,
    get hasApt() {
      return apt.hasApt;
    },
    get aptKnows() {
      return apt.aptKnows;
    },
  };
}

export type ChromiumOutcome = { ok: true; path: string; installed: boolean } | { ok: false; message: string };

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
  log(`[chromium] ${decision.path} is missing: installing Debian's chromium (${describeCommands(decision.commands)})`);
  const installed = runInstall(decision.commands, run);
  if (!installed.ok) {
    return fail(
      `Debian's chromium is missing at ${decision.path} and ${installed.failed}: install it with \`apt-get install chromium\`, then rerun the tests.`,
    );
  }
  if (!env.isExecutable(decision.path)) {
    return fail(`Debian's chromium was installed but ${decision.path} is still missing: install it with \`apt-get install chromium\`, then rerun the tests.`);
  }
  return { ok: true, path: decision.path, installed: true };
}

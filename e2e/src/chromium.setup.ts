/**
 * globalSetup of the browser tests (vitest.config.ts): makes sure Debian's chromium is there before
 * any browser test file runs, installing it when it can (see chromium.ts). The outcome is handed to the
 * test files: without a browser, launchBrowser (e2e/harness.ts) fails each file with the one line
 * saying what to install.
 */
import type { TestProject } from 'vitest/node';
import { ensureChromium, type ChromiumOutcome } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: ChromiumOutcome;
  }
}

export default function setup(project: TestProject): void {
  project.provide('chromium', ensureChromium());
}

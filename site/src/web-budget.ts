/**
 * The initial JavaScript of a page, from the build's own lists (no browser): the scripts its HTML loads
 * (shell/dist/index.html) and the ones it preloads (web-preload.ts), each file's gzip summed.
 * e2e/page-preload.e2e.test.ts checks that a browser loads no other script before the page shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readRemotesManifest } from './web';
import { preloadScripts } from './web-preload';

/** Issue 12's goal for every public route, KiB gzip. */
export const INITIAL_JS_GOAL_KIB = 140;

/** The script URLs of a page: the HTML's own script tags, then its preload list. */
export function initialScripts(rootDir: string, path: string): string[] {
  const html = readFileSync(join(rootDir, 'shell', 'dist', 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set([...tags, ...preloadScripts(rootDir, path, readRemotesManifest(rootDir))])];
}

/** The file a script URL of the site serves (the shell's dist, or /remotes/{name}/ from that part's dist). */
export function scriptFile(rootDir: string, url: string): string {
  const path = url.split('?')[0]!;
  const remote = /^\/remotes\/([a-z0-9-]+)\/(.+)$/.exec(path);
  return remote ? join(rootDir, `mfe-${remote[1]}`, 'dist', remote[2]!) : join(rootDir, 'shell', 'dist', path);
}

/** Each initial script's gzip size (level 9, as the bench measures what a browser loaded), bytes. */
export function initialJsGzip(rootDir: string, path: string): { url: string; gzip: number }[] {
  return initialScripts(rootDir, path).map((url) => ({ url, gzip: gzipSync(readFileSync(scriptFile(rootDir, url)), { level: 9 }).length }));
}

// Compiles each server entry (TypeScript, across the workspace packages) into one ES module
// under dist/server/ with esbuild; third-party packages stay in node_modules.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'dist', 'server');

/** name in dist/server -> TypeScript entry */
export const ENTRIES = {
  main: 'site/src/main.ts',
  replay: 'site/src/replay.ts',
  quarantine: 'site/src/quarantine.ts',
  backup: 'site/src/backup/backup-cli.ts',
  restore: 'site/src/backup/restore-cli.ts',
  relay: 'events/src/bus/relay-main.ts',
  'bus-worker': 'projection-service/src/runner/bus-worker-main.ts',
  // a worker thread's script (projection-service/src/search/snapshot-worker.ts finds it beside its chunk)
  'search-snapshot-worker': 'projection-service/src/search/snapshot-worker-main.ts',
  // a worker thread's script (projection-service/src/storage/threaded-bulk.ts finds it beside its chunk)
  'projection-build-worker': 'projection-service/src/storage/threaded-bulk-worker-main.ts',
  // a worker thread's script (projection-service/src/runner/catch-up-worker.ts finds it beside its chunk)
  'projection-catch-up-worker': 'projection-service/src/runner/catch-up-worker-main.ts',
  // a child process's script (projection-service/src/runner/first-build.ts finds it beside its chunk)
  'projection-first-build': 'projection-service/src/runner/first-build-main.ts',
  // a worker thread's script (projection-service/src/read-model/sqlite-counts-worker.ts finds it beside its chunk)
  'read-model-counts-worker': 'projection-service/src/read-model/sqlite-counts-worker-main.ts',
};

/**
 * Node flags an entry runs with: scripts/run-server.mjs starts the entry in a child process that has them (V8's heap flags
 * take effect when a process starts). replay: semi-spaces of up to 256 MiB (V8's default is 16) for the rebuild's
 * short-lived objects (events read, documents copied, changes serialized), so fewer scavenges copy them. Measured with
 * bench/build-only.ts, runs in turn: the 100k bench log (695k events), 23.0k-24.5k events/s and 46-49 CPU-s without,
 * 27.3k-29.1k and 38-41 CPU-s with, the peak RSS 1.7-1.9 GB then 2.6-2.7 GB; the 1M log (6.95M events), 19.7k events/s and
 * 564 CPU-s without, 21.5k and 511 CPU-s with, the peak RSS 3.3 then 3.7 GB. restore rebuilds the same way, and so does a
 * site's first start over a long log, in a child process with the same flags (FIRST_BUILD_NODE_FLAGS,
 * projection-service/src/runner/first-build.ts). The site (main) keeps the default: its RSS is a goal, and on the 1M live
 * catch-up 64 MiB saved 1-5% of the CPU.
 */
export const NODE_FLAGS = { replay: ['--max-semi-space-size=256'], restore: ['--max-semi-space-size=256'] };

/** The flags of NODE_FLAGS[name] that a process started with `execArgv` lacks. */
export function missingNodeFlags(name, execArgv) {
  return (NODE_FLAGS[name] ?? []).filter((flag) => !execArgv.includes(flag));
}

const PACKAGES = ['events', 'service-kit', 'command-service', 'projection-service', 'site'];

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** True when an entry's bundle is missing or older than a source file of the server packages. */
export function serverBuildStale() {
  let oldest = Infinity;
  for (const name of Object.keys(ENTRIES)) {
    try {
      oldest = Math.min(oldest, statSync(join(OUT_DIR, `${name}.js`)).mtimeMs);
    } catch {
      return true;
    }
  }
  const sources = Math.max(...PACKAGES.map((p) => newestSource(join(ROOT, p))), statSync(join(ROOT, 'package-lock.json')).mtimeMs);
  return sources > oldest;
}

/** Only the workspace packages (@modshelf/*) and relative imports are bundled. */
const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@modshelf/') ? undefined : { path: args.path, external: true }));
  },
};

/** Each file is written aside and renamed into place, so a process starting meanwhile never reads half a file. */
export async function buildServer() {
  const result = await build({
    write: false,
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, join(ROOT, src)])),
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalThirdParty],
  });
  // chunks first, entries last: an entry newer than the sources means its chunks are in place
  const entryFiles = new Set(Object.keys(ENTRIES).map((name) => join(OUT_DIR, `${name}.js`)));
  const files = [...result.outputFiles].sort((a, b) => Number(entryFiles.has(a.path)) - Number(entryFiles.has(b.path)));
  for (const file of files) {
    mkdirSync(dirname(file.path), { recursive: true });
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}

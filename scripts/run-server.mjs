// `node scripts/run-server.mjs <entry> [args]`: builds dist/server when missing or out of date, then runs the compiled entry,
// in a child process when the entry has node flags (NODE_FLAGS) that this process was not started with.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, ENTRIES, missingNodeFlags, OUT_DIR, serverBuildStale } from './server-build.mjs';

const name = process.argv[2];
if (!(name in ENTRIES)) {
  console.error(`usage: node scripts/run-server.mjs <${Object.keys(ENTRIES).join('|')}> [args]`);
  process.exit(2);
}
const flags = missingNodeFlags(name, process.execArgv);
if (flags.length > 0) {
  // the child checks the build (once, there)
  const child = spawn(process.execPath, [...process.execArgv, ...flags, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  if (serverBuildStale()) await buildServer();
  process.argv.splice(2, 1);
  await import(pathToFileURL(join(OUT_DIR, `${name}.js`)).href);
}

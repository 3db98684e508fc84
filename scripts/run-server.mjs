// `node scripts/run-server.mjs <entry> [args]`: builds dist/server when missing or out of date, then runs the compiled entry.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, ENTRIES, OUT_DIR, serverBuildStale } from './server-build.mjs';

const name = process.argv[2];
if (!(name in ENTRIES)) {
  console.error(`usage: node scripts/run-server.mjs <${Object.keys(ENTRIES).join('|')}> [args]`);
  process.exit(2);
}
if (serverBuildStale()) await buildServer();
process.argv.splice(2, 1);
await import(pathToFileURL(join(OUT_DIR, `${name}.js`)).href);

// Preloaded into the bench's child site by BENCH_SITE_CPU_PROF=<dir> (bench/server.ts): Node 20 refuses --cpu-prof in
// NODE_OPTIONS, so this starts the V8 profiler through node:inspector and writes <dir>/site-<pid>.cpuprofile when the
// site exits (the bench stops it with SIGTERM). Open the file in Chrome DevTools or speedscope.
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.BENCH_SITE_CPU_PROF;
const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
let written = false;
function write() {
  if (written) return;
  written = true;
  // the inspector answers a session of this thread synchronously: the file is written before the process ends
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(join(dir, `site-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
}
process.on('exit', write);
process.prependListener('SIGTERM', write);

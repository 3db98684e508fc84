import { loadConfig } from '../config';
import { RestoreRefusedError, restoreBackup } from './restore';

/** `npm run restore -- SRC`: a backup into an empty DATA_DIR, projections rebuilt (see restore.ts and the README). */
const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('usage: npm run restore -- SRC   (SRC: a folder made by npm run backup; DATA_DIR must be empty or new)');
  process.exit(2);
}
const config = loadConfig();
if (config.PROFILE === 'distributed' || config.EVENTSTORE_URL) {
  console.error(
    'restore: this copies the SQLite files of the embedded profile; the servers of the distributed profile (EventStoreDB, MongoDB, OpenSearch) are backed up with their own tools',
  );
  process.exit(2);
}
try {
  const report = await restoreBackup({ src: args[0], dataDir: config.dataDir, log: (line) => console.error(`restore: ${line}`) });
  console.log(JSON.stringify(report));
  if (report.failures.length > 0) console.error('restore: a projection halted while rebuilding; the site reports it on /health (see npm run quarantine)');
} catch (err) {
  if (!(err instanceof RestoreRefusedError)) throw err;
  console.error(`restore refused: ${err.message}`);
  process.exit(1);
}

import { loadConfig } from '../config';
import { BackupRefusedError, takeBackup } from './backup';

/** `npm run backup -- DEST`: an online, consistent copy of DATA_DIR (see backup.ts and the README). */
const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('usage: npm run backup -- DEST   (DEST: a new or empty folder; DATA_DIR is read from the environment)');
  process.exit(2);
}
const config = loadConfig();
if (config.PROFILE === 'distributed' || config.EVENTSTORE_URL) {
  console.error(
    'backup: this copies the SQLite files of the embedded profile; the servers of the distributed profile (EventStoreDB, MongoDB, OpenSearch) are backed up with their own tools',
  );
  process.exit(2);
}
try {
  const manifest = await takeBackup({ dataDir: config.dataDir, dest: args[0], log: (line) => console.error(`backup: ${line}`) });
  console.log(JSON.stringify(manifest));
} catch (err) {
  if (!(err instanceof BackupRefusedError)) throw err;
  console.error(`backup refused: ${err.message}`);
  process.exit(1);
}

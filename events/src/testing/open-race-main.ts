/**
 * Test-only: opens the fresh files DIR/0.db .. DIR/(COUNT-1).db one after another with openSqliteFile and
 * makes a table in each, file k at START + k * STEP_MS (epoch ms), so two such processes open each file at
 * the same moment as a pair of replicas starting together. Prints `{"failed":[...codes]}` on stdout.
 */
import { join } from 'node:path';
import { openSqliteFile } from '../sqlite/open-file';

const dir = process.env.DIR!;
const count = Number(process.env.COUNT);
const start = Number(process.env.START);
const step = Number(process.env.STEP_MS);
const failed: string[] = [];
for (let k = 0; k < count; k++) {
  while (Date.now() < start + k * step); // a busy wait keeps the two processes in step to the millisecond
  try {
    const db = openSqliteFile(join(dir, `${k}.db`));
    db.exec('CREATE TABLE IF NOT EXISTS t (k TEXT PRIMARY KEY, v INTEGER)');
    db.exec('UPDATE t SET v = 1 WHERE v = 0');
    db.close();
  } catch (error) {
    failed.push(String((error as { code?: string }).code ?? error));
  }
}
process.stdout.write(`${JSON.stringify({ failed })}\n`);

// A process of the lease race test: waits at a file barrier until all `n` racers are up (so their
// loops overlap), tries to take each of `count` leases once, as holder `holder`, and prints the names it won.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteLeaseStore } from '../sqlite';

const [path, holder, count, barrier, n] = process.argv.slice(2);
const leases = new SqliteLeaseStore({ path });
writeFileSync(join(barrier, holder), '');
while (readdirSync(barrier).length < Number(n) && existsSync(barrier)) await new Promise((r) => setTimeout(r, 2));
const won: string[] = [];
for (let i = 0; i < Number(count); i++) {
  if (await leases.acquire(`race-${i}`, holder, 60_000)) won.push(`race-${i}`);
}
leases.close();
process.stdout.write(`${JSON.stringify({ holder, won })}\n`);

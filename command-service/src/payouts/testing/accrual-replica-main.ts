// One replica of the revenue process manager in its own process (the kill -9 test): tails the SQLite
// log at `path` under the lease, as holder `holder`, until SIGTERM.
import { SqliteEventStore, SqliteLeaseStore } from '@modshelf/events';
import { RevenueAccrual } from '../accrual';
import { PayoutVault } from '../vault';

const [path, holder] = process.argv.slice(2);
const store = new SqliteEventStore({ path, pollMs: 10 });
const vault = new PayoutVault(':memory:');
const accrual = new RevenueAccrual(
  store,
  new SqliteLeaseStore({ db: store.db }),
  vault,
  { perDownload: 1000, holdMs: 0 },
  {
    holder,
    ttlMs: 1500,
    renewMs: 100,
    commitEvery: 5,
  },
);
accrual.start();
// the lease timer does not hold a process open (a site's server does): this one stays until SIGTERM
const alive = setInterval(() => {}, 60_000);
process.on('SIGTERM', () => {
  clearInterval(alive);
  void accrual
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
process.stdout.write('started\n');

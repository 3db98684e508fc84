// A site whose withdrawal dies on the way to the payout provider (the settlement kill test): funds a
// verified user, then withdraws $10 through POST /v2/payout over DATA_DIR `dir`. Its provider hangs in
// `send`, after the sandbox took the transfer (`after-send`) or before (`before-send`); the test kills it -9.
import { join } from 'node:path';
import { payoutsStream } from '@modshelf/events';
import { accountsApp } from '../../accounts/test-app';
import { execute, newCommandContext } from '../../kernel/execute';
import { payoutDecider } from '../decider';
import { registerPayoutRoutes } from '../payouts.routes';
import { SandboxPayoutProvider, type PayoutProvider } from '../provider';

const [dir, mode] = process.argv.slice(2);
const sandbox = new SandboxPayoutProvider(60_000, join(dir, 'payout-sandbox.db'));
const dying: PayoutProvider = {
  name: 'sandbox',
  async send(input, now) {
    if (mode === 'after-send') await sandbox.send(input, now);
    process.stdout.write(`sending ${input.payout_id}\n`);
    return new Promise(() => undefined);
  },
  status: (id, now) => sandbox.status(id, now),
  cancel: (id, now) => sandbox.cancel(id, now),
  resolve: (id) => sandbox.resolve(id),
};
const site = await accountsApp(
  dir,
  {},
  {
    register: (app, { store, credentials }) =>
      registerPayoutRoutes(app, { store, credentials, dataDir: dir, provider: dying, accrue: false, env: { PAYOUT_POLL_MS: '0' } }),
  },
);
const created = await site.app.inject({
  method: 'POST',
  url: '/v2/auth/create',
  payload: { username: 'killed', password: 'correct horse battery', email: 'killed@example.org' },
});
const userId = (await site.credentials.findByUsername('killed'))!.userId;
await site.credentials.setEmailVerified(userId, true);
const past = new Date(Date.now() - 1000).toISOString();
await execute(
  site.store,
  payoutsStream(userId),
  payoutDecider,
  { type: 'Credit', project_id: 'ProjKill', downloads: 1, amount: 50_000_000, source_position: 1, now: past, available_at: past },
  newCommandContext(null),
);
process.stdout.write(`user ${userId}\n`);
setInterval(() => undefined, 60_000); // stays until killed
void site.app.inject({
  method: 'POST',
  url: '/v2/payout',
  headers: { authorization: created.json().session as string },
  payload: { amount: 10, method: 'paypal', method_id: 'paypal_us', recipient: 'killed@example.org' },
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingStream } from '@modshelf/events';
import { accountsApp, type AccountsApp } from '../test-app';
import { SandboxPaymentProvider, type ChargeOutcome } from './provider';

/** The payment provider is outside both replicas: one instance, counting the charges it is asked for. */
class CountingProvider extends SandboxPaymentProvider {
  charges = 0;
  override async charge(ref: string, amount: number, currency: string, description: string): Promise<ChargeOutcome> {
    this.charges++;
    await new Promise((r) => setTimeout(r, 5)); // a network call: other requests run meanwhile
    return super.charge(ref, amount, currency, description);
  }
}

let dir: string;
let provider: CountingProvider;
let replicas: AccountsApp[];

/** One replica: its own connections to the one events.db and credentials.db, as a second process has. */
const replica = () => accountsApp(dir, { payments: provider });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'billing-replicas-'));
  provider = new CountingProvider();
  replicas = [await replica(), await replica()];
});
afterEach(async () => {
  for (const r of replicas) await r.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('billing on two replicas', () => {
  it('20 parallel subscriptions to one plan through both replicas charge the card once', async () => {
    const [a] = replicas;
    const created = await a.app.inject({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'payer', password: 'correct horse battery', email: 'payer@example.org' },
    });
    const session = created.json().session as string;
    const method = await a.app.inject({
      method: 'POST',
      url: '/v2/billing/payment_method',
      headers: { authorization: session },
      payload: { token: 'tok_visa' },
    });
    expect(method.statusCode, method.body).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        replicas[i % 2].app.inject({
          method: 'POST',
          url: '/v2/billing/subscription',
          headers: { authorization: session },
          payload: { product_id: 'modshelf-plus', interval: 'monthly' },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(400)]);
    expect(provider.charges).toBe(1);
    const userId = (await a.credentials.findByUsername('payer'))!.userId;
    const types = (await replicas[1].store.readStream(billingStream(userId))).map((e) => e.type);
    expect(types.filter((t) => t === 'SubscriptionStarted')).toHaveLength(1);
  });
});

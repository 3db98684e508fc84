import { describe, expect, it } from 'vitest';
import { SandboxPayoutProvider } from './provider';

const transfer = (payout_id: string) => ({ payout_id, method: 'paypal' as const, method_id: 'paypal_us', recipient: 'a@example.org', net: 1_000_000 });

describe('the sandbox payout provider, by payout id', () => {
  it('sends once: a second send under the same payout id answers the first transfer', async () => {
    const p = new SandboxPayoutProvider(1000);
    const now = new Date();
    const first = await p.send(transfer('PayoutAA'), now);
    expect(first.ok).toBe(true);
    expect(await p.send(transfer('PayoutAA'), now)).toEqual(first);
    expect(await p.resolve('PayoutAA')).toEqual({ platform_id: first.ok ? first.platform_id : '' });
    p.close();
  });

  it('resolve finds nothing for an id never sent, and closes it: a later send under it is refused', async () => {
    const p = new SandboxPayoutProvider(1000);
    const now = new Date();
    expect(await p.resolve('PayoutBB')).toBeNull();
    expect(await p.send(transfer('PayoutBB'), now)).toEqual({ ok: false, reason: 'The payout provider closed this payout id' });
    expect(await p.resolve('PayoutBB')).toBeNull();
    p.close();
  });
});

import { randomBytes } from 'node:crypto';
import type { PayoutMethodType } from './methods';

export interface TransferInput {
  payout_id: string;
  method: PayoutMethodType;
  method_id: string;
  /** where the money goes: a PayPal/gift-card e-mail or a Venmo handle (from the vault, never the log) */
  recipient: string;
  /** what the recipient gets (amount minus fee), micro-dollars */
  net: number;
}

export type SendOutcome = { ok: true; platform_id: string } | { ok: false; reason: string };
export type TransferStatus = { status: 'in-transit' } | { status: 'success' } | { status: 'failed'; reason: string };

/** The payout-provider port (PayPal/Venmo/Tremendous behind one interface). The embedded profile uses the sandbox. */
export interface PayoutProvider {
  readonly name: string;
  send(input: TransferInput, now: Date): Promise<SendOutcome>;
  status(platformId: string, now: Date): Promise<TransferStatus>;
  /** true when the transfer was stopped before it settled */
  cancel(platformId: string, now: Date): Promise<boolean>;
}

/**
 * The sandbox: never moves money. A transfer is in transit for `settleMs`, then
 * succeeds, or fails (the money returns) when the recipient contains "fail"
 * (e.g. fail@example.com, @fail). A recipient containing "reject" is refused at
 * once. Everything is encoded in the platform id, so it survives restarts.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox';
  constructor(private readonly settleMs = 60_000) {}

  async send(input: TransferInput, now: Date): Promise<SendOutcome> {
    const r = input.recipient.toLowerCase();
    if (r.includes('reject')) return { ok: false, reason: 'The payout provider refused the recipient' };
    const outcome = r.includes('fail') ? 'fail' : 'ok';
    return { ok: true, platform_id: `sbx_${outcome}_${now.getTime() + this.settleMs}_${randomBytes(6).toString('hex')}` };
  }

  async status(platformId: string, now: Date): Promise<TransferStatus> {
    const m = /^sbx_(ok|fail)_(\d+)_/.exec(platformId);
    if (!m) return { status: 'failed', reason: 'Unknown transfer' };
    if (now.getTime() < Number(m[2])) return { status: 'in-transit' };
    return m[1] === 'ok' ? { status: 'success' } : { status: 'failed', reason: 'The recipient account could not receive the transfer' };
  }

  async cancel(platformId: string, now: Date): Promise<boolean> {
    return (await this.status(platformId, now)).status === 'in-transit';
  }
}

import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { PayoutMethodType } from './methods';
import { openSqliteFile } from '@modshelf/events';

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
  /** Sends a transfer; idempotent by `payout_id` (a second send answers the first transfer's id). */
  send(input: TransferInput, now: Date): Promise<SendOutcome>;
  status(platformId: string, now: Date): Promise<TransferStatus>;
  /** true when the transfer was stopped before it settled */
  cancel(platformId: string, now: Date): Promise<boolean>;
  /**
   * The transfer sent under `payoutId`, for a withdrawal whose submission was never recorded; null when there
   * is none, and then the id is closed: a send under it that arrives later is refused, so it cannot be paid too.
   */
  resolve(payoutId: string): Promise<{ platform_id: string } | null>;
  close?(): void;
}

/**
 * The sandbox: never moves money. A transfer is in transit for `settleMs`, then
 * succeeds, or fails (the money returns) when the recipient contains "fail"
 * (e.g. fail@example.com, @fail). A recipient containing "reject" is refused at
 * once. The outcome is encoded in the platform id; which payout ids were sent (or
 * closed by `resolve`) is kept in the SQLite file at `path` (DATA_DIR/payout-sandbox.db:
 * shared by the replicas, as a real provider is; default in memory).
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'sandbox';
  private readonly db: Database.Database;

  constructor(
    private readonly settleMs = 60_000,
    path = ':memory:',
  ) {
    this.db = openSqliteFile(path);
    // platform_id null: the payout id was closed by resolve() before anything was sent under it
    this.db.exec('CREATE TABLE IF NOT EXISTS transfers (payout_id TEXT PRIMARY KEY, platform_id TEXT)');
  }

  private sent(payoutId: string): { platform_id: string | null } | undefined {
    return this.db.prepare('SELECT platform_id FROM transfers WHERE payout_id = ?').get(payoutId) as { platform_id: string | null } | undefined;
  }

  async send(input: TransferInput, now: Date): Promise<SendOutcome> {
    const r = input.recipient.toLowerCase();
    if (r.includes('reject')) return { ok: false, reason: 'The payout provider refused the recipient' };
    const outcome = r.includes('fail') ? 'fail' : 'ok';
    const platformId = `sbx_${outcome}_${now.getTime() + this.settleMs}_${randomBytes(6).toString('hex')}`;
    this.db.prepare('INSERT OR IGNORE INTO transfers (payout_id, platform_id) VALUES (?, ?)').run(input.payout_id, platformId);
    const held = this.sent(input.payout_id)?.platform_id;
    return held ? { ok: true, platform_id: held } : { ok: false, reason: 'The payout provider closed this payout id' };
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

  async resolve(payoutId: string): Promise<{ platform_id: string } | null> {
    this.db.prepare('INSERT OR IGNORE INTO transfers (payout_id, platform_id) VALUES (?, NULL)').run(payoutId);
    const held = this.sent(payoutId)?.platform_id;
    return held ? { platform_id: held } : null;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

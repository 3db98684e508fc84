import type Database from 'better-sqlite3';
import { openPersonalDataDb } from '../kernel/personal-data-db';

/**
 * DATA_DIR/payouts.db. Personal data outside the log: each user's recipient per
 * payout type (e-mail or handle) and the recipient each withdrawal went to,
 * deleted with the account. Also the open (in-transit) transfers to poll. (The
 * revenue process manager keeps its checkpoint and project facts with its lease.)
 */
export class PayoutVault {
  readonly db: Database.Database;
  constructor(path: string) {
    this.db = openPersonalDataDb(
      path,
      `
      CREATE TABLE IF NOT EXISTS recipients (user_id TEXT NOT NULL, method TEXT NOT NULL, recipient TEXT NOT NULL, PRIMARY KEY (user_id, method));
      CREATE TABLE IF NOT EXISTS payout_recipients (payout_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, recipient TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS payout_recipients_user ON payout_recipients(user_id);
      CREATE TABLE IF NOT EXISTS open_payouts (payout_id TEXT PRIMARY KEY, user_id TEXT NOT NULL);
    `,
    );
  }

  setRecipient(userId: string, method: string, recipient: string): void {
    this.db.prepare('INSERT OR REPLACE INTO recipients (user_id, method, recipient) VALUES (?, ?, ?)').run(userId, method, recipient);
  }
  recipient(userId: string, method: string): string | null {
    const r = this.db.prepare('SELECT recipient FROM recipients WHERE user_id = ? AND method = ?').get(userId, method) as { recipient: string } | undefined;
    return r?.recipient ?? null;
  }
  recipients(userId: string): Record<string, string> {
    const rows = this.db.prepare('SELECT method, recipient FROM recipients WHERE user_id = ?').all(userId) as { method: string; recipient: string }[];
    return Object.fromEntries(rows.map((r) => [r.method, r.recipient]));
  }
  putPayoutRecipient(payoutId: string, userId: string, recipient: string): void {
    this.db.prepare('INSERT OR REPLACE INTO payout_recipients (payout_id, user_id, recipient) VALUES (?, ?, ?)').run(payoutId, userId, recipient);
  }
  payoutRecipients(userId: string): Map<string, string> {
    const rows = this.db.prepare('SELECT payout_id, recipient FROM payout_recipients WHERE user_id = ?').all(userId) as {
      payout_id: string;
      recipient: string;
    }[];
    return new Map(rows.map((r) => [r.payout_id, r.recipient]));
  }

  markOpen(payoutId: string, userId: string): void {
    this.db.prepare('INSERT OR IGNORE INTO open_payouts (payout_id, user_id) VALUES (?, ?)').run(payoutId, userId);
  }
  markClosed(payoutId: string): void {
    this.db.prepare('DELETE FROM open_payouts WHERE payout_id = ?').run(payoutId);
  }
  openPayouts(): { payout_id: string; user_id: string }[] {
    return this.db.prepare('SELECT payout_id, user_id FROM open_payouts').all() as { payout_id: string; user_id: string }[];
  }

  /** Deleting an account forgets where its money went. */
  forgetUser(userId: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM recipients WHERE user_id = ?').run(userId);
      this.db.prepare('DELETE FROM payout_recipients WHERE user_id = ?').run(userId);
    })();
  }

  /**
   * The revenue process manager's checkpoint and project facts as versions before the lease kept them
   * (tables pm_checkpoint and pm_projects), so an upgraded site does not handle the whole log again.
   */
  legacyCheckpoint(name: string): { position: number; state: Map<string, unknown> } | null {
    const has = (t: string) => !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t);
    if (!has('pm_checkpoint') || !has('pm_projects')) return null;
    const r = this.db.prepare('SELECT position FROM pm_checkpoint WHERE name = ?').get(name) as { position: number } | undefined;
    if (!r) return null;
    const rows = this.db.prepare('SELECT project_id, state FROM pm_projects').all() as { project_id: string; state: string }[];
    return { position: r.position, state: new Map(rows.map((p) => [`project:${p.project_id}`, JSON.parse(p.state) as unknown])) };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

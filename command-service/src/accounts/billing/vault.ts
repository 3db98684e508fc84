import type Database from 'better-sqlite3';
import { openPersonalDataDb } from '../../kernel/personal-data-db';
import type { CardBrand } from './provider';

export interface PaymentDetails {
  methodId: string;
  userId: string;
  providerRef: string;
  brand: CardBrand;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/**
 * Payment details are personal data: they live here (DATA_DIR/billing.db), not in
 * the log, and deleting an account deletes them. Also the index of users with
 * billing, for the renewal cycle.
 */
export class BillingVault {
  readonly db: Database.Database;
  constructor(path: string) {
    this.db = openPersonalDataDb(
      path,
      `
      CREATE TABLE IF NOT EXISTS payment_methods (
        method_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, provider_ref TEXT NOT NULL, brand TEXT NOT NULL,
        last4 TEXT, exp_month INTEGER, exp_year INTEGER
      );
      CREATE INDEX IF NOT EXISTS payment_methods_user ON payment_methods(user_id);
      CREATE TABLE IF NOT EXISTS billing_users (user_id TEXT PRIMARY KEY);
    `,
    );
  }

  put(d: PaymentDetails): void {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT OR REPLACE INTO payment_methods (method_id, user_id, provider_ref, brand, last4, exp_month, exp_year) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(d.methodId, d.userId, d.providerRef, d.brand, d.last4, d.expMonth, d.expYear);
      this.db.prepare('INSERT OR IGNORE INTO billing_users (user_id) VALUES (?)').run(d.userId);
    })();
  }

  get(methodId: string): PaymentDetails | null {
    const r = this.db.prepare('SELECT * FROM payment_methods WHERE method_id = ?').get(methodId) as Record<string, never> | undefined;
    return r ? toDetails(r) : null;
  }

  list(userId: string): PaymentDetails[] {
    return (this.db.prepare('SELECT * FROM payment_methods WHERE user_id = ?').all(userId) as Record<string, never>[]).map(toDetails);
  }

  remove(methodId: string): void {
    this.db.prepare('DELETE FROM payment_methods WHERE method_id = ?').run(methodId);
  }

  users(): string[] {
    return (this.db.prepare('SELECT user_id FROM billing_users').all() as { user_id: string }[]).map((r) => r.user_id);
  }

  forgetUser(userId: string): PaymentDetails[] {
    const gone = this.list(userId);
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM payment_methods WHERE user_id = ?').run(userId);
      this.db.prepare('DELETE FROM billing_users WHERE user_id = ?').run(userId);
    })();
    return gone;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function toDetails(r: Record<string, never>): PaymentDetails {
  return {
    methodId: r.method_id,
    userId: r.user_id,
    providerRef: r.provider_ref,
    brand: r.brand,
    last4: r.last4,
    expMonth: r.exp_month,
    expYear: r.exp_year,
  };
}

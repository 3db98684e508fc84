import { mkdirSync, readdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface StoredMail extends Mail {
  id: string;
  sent: string;
}

/**
 * Addresses no mail can reach: the reserved top-level domain `.invalid` (RFC 2606, RFC 6761 §6.4),
 * which the demo accounts use. Nothing is sent to them, through SMTP or to the outbox.
 */
export function isUndeliverable(address: string): boolean {
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  return domain === 'invalid' || domain.endsWith('.invalid');
}

/** The mail port: SMTP in production, an outbox folder in the embedded profile. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** Writes each mail as a JSON file into DATA_DIR/outbox (the dev mailbox reads them). */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  async send(mail: Mail): Promise<void> {
    const sent = new Date().toISOString();
    const id = `${sent.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    const tmp = join(this.dir, `.${id}.tmp`);
    writeFileSync(tmp, JSON.stringify({ id, sent, ...mail } satisfies StoredMail, null, 2));
    renameSync(tmp, join(this.dir, `${id}.json`));
  }

  list(): StoredMail[] {
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .map((f) => JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as StoredMail);
  }

  get(id: string): StoredMail | null {
    if (!/^[\w-]+$/.test(id)) return null;
    try {
      return JSON.parse(readFileSync(join(this.dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch {
      return null;
    }
  }
}

/** Sends through SMTP (nodemailer), e.g. SMTP_URL=smtp://user:pass@host:587. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private transport: Promise<{ sendMail(m: object): Promise<unknown> }>;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = import('nodemailer').then((m) => m.default.createTransport(url));
  }
  async send(mail: Mail): Promise<void> {
    await (await this.transport).sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }
}

/** SMTP when SMTP_URL is set, else the outbox under DATA_DIR. */
export function mailerFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): Mailer {
  if (env.SMTP_URL) return new SmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? 'Modshelf <no-reply@modshelf.local>');
  return new OutboxMailer(join(dataDir, 'outbox'));
}

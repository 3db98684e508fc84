import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startSite, type Site } from '../index';
import { DEMO_USERS } from './demo-catalogue';

/** With SMTP_URL set, through a real SMTP server (smtp-server): the demo seed mails nobody, a real sign-up is mailed. */
describe('mail on the first start', () => {
  let smtp: SMTPServer;
  let site: Site;
  let dir: string;
  const received: { to: string[]; body: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    dir = mkdtempSync(join(tmpdir(), 'seed-mail-'));
    site = await startSite({
      web: false,
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SEED_PROJECTS: '2', LOG_LEVEL: 'silent', SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends no mail for the demo accounts, and keeps no outbox', async () => {
    const users = await (await fetch(`${site.url}/v2/users?ids=${encodeURIComponent(JSON.stringify(DEMO_USERS))}`)).json();
    expect(users).toHaveLength(DEMO_USERS.length); // the seed did create them
    expect(received).toEqual([]);
    expect(existsSync(join(dir, 'outbox')) ? readdirSync(join(dir, 'outbox')) : []).toEqual([]);
  });

  it('still mails the verification link of an ordinary sign-up through SMTP', async () => {
    const res = await fetch(`${site.url}/v2/auth/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mailed_user', password: 'a long password', email: 'mailed@example.org' }),
    });
    expect(res.status).toBe(200);
    expect(received.map((m) => m.to)).toEqual([['mailed@example.org']]);
    expect(received[0].body).toMatch(/Verify your e-mail address/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxMailer, SmtpMailer, isUndeliverable, mailerFromEnv } from './mail';

/** A minimal SMTP server that records what it receives (no auth, no TLS). */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else data += line + '\n';
          continue;
        }
        if (!line) continue;
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake\r\n250 OK\r\n');
        else if (cmd === 'MAIL' || cmd === 'RCPT' || cmd === 'RSET' || cmd === 'NOOP') socket.write('250 OK\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          socket.write('221 bye\r\n');
          socket.end();
        } else socket.write('502 unknown\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, received })));
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

describe('mailers', () => {
  it('sends through SMTP when SMTP_URL is set', async () => {
    const { server, port, received } = await fakeSmtp();
    cleanup.push(() => server.close());
    const mailer = mailerFromEnv('/nonexistent', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Modshelf <no-reply@modshelf.test>' });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send({ to: 'someone@example.org', subject: 'Verify your e-mail address', text: 'open http://x/auth/verify-email?flow=abc' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Verify your e-mail address');
    expect(received[0]).toContain('To: someone@example.org');
  });

  it('writes to the outbox folder otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const mailer = mailerFromEnv(dir, {});
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send({ to: 'a@example.org', subject: 'Hello', text: 'body' });
    const [m] = (mailer as OutboxMailer).list();
    expect(m).toMatchObject({ to: 'a@example.org', subject: 'Hello', text: 'body' });
    expect((mailer as OutboxMailer).get(m.id)).toEqual(m);
    expect((mailer as OutboxMailer).get('../etc/passwd')).toBeNull();
  });
});

describe('undeliverable addresses', () => {
  it('are those under the reserved .invalid top-level domain (the demo accounts use it)', () => {
    expect(isUndeliverable('blockwright@demo.modshelf.invalid')).toBe(true);
    expect(isUndeliverable('someone@INVALID')).toBe(true);
    expect(isUndeliverable('someone@x.invalid.')).toBe(true);
    expect(isUndeliverable('someone@example.org')).toBe(false);
    expect(isUndeliverable('someone@invalid.example.org')).toBe(false);
    expect(isUndeliverable('someone@notinvalid')).toBe(false);
  });
});

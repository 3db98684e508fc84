import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '@modshelf/service-kit';
import type { OutboxMailer } from './mail';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:6px}.muted{color:#777}</style></head>
<body>${body}</body></html>`;
}

/**
 * The dev mailbox: in the embedded profile (no SMTP) mails land in DATA_DIR/outbox
 * and this page lists and shows them, so sign-up, verification and reset can be
 * finished from a browser. JSON at /_dev/mailbox.json.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The outbox holds reset and verification links, so the page is only for this
 * machine (a loopback request not relayed by a proxy) or for admins; to everyone
 * else it does not exist. `open: true` shows it to anyone (throw-away demos).
 */
function mayReadMailbox(request: FastifyRequest, open: boolean): boolean {
  if (open) return true;
  if (request.actor?.role === 'admin') return true;
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

export function registerMailboxRoutes(app: FastifyInstance, outbox: OutboxMailer, options: { open?: boolean } = {}): void {
  const guard = async (request: FastifyRequest) => {
    if (!mayReadMailbox(request, options.open === true)) throw notFound('the requested route does not exist');
  };
  app.get('/_dev/mailbox', { onRequest: guard }, async (_request, reply) => {
    const mails = outbox.list();
    const rows = mails
      .map((m) => `<tr><td class="muted">${esc(m.sent)}</td><td>${esc(m.to)}</td><td><a href="/_dev/mailbox/${esc(m.id)}">${esc(m.subject)}</a></td></tr>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'Dev mailbox',
          `<h1>Dev mailbox</h1><p class="muted">Mails the site would have sent (no SMTP configured). Newest first.</p>
${mails.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No mail yet.</p>'}`,
        ),
      );
  });
  app.get('/_dev/mailbox.json', { onRequest: guard }, async (_request, reply) => reply.header('cache-control', 'no-store').send(outbox.list()));
  app.get('/_dev/mailbox/:id', { onRequest: guard }, async (request, reply) => {
    const m = outbox.get((request.params as { id: string }).id);
    if (!m) throw notFound('mail not found');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          m.subject,
          `<p><a href="/_dev/mailbox">&larr; Mailbox</a></p><h1>${esc(m.subject)}</h1>
<p class="muted">To ${esc(m.to)} &middot; ${esc(m.sent)}</p><pre>${linkify(m.text)}</pre>`,
        ),
      );
  });
}

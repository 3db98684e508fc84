import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadsCounted, SqliteEventStore, downloadsStream, newEventId, payoutsStream, toNewEvents, type RecordedEvent } from '@modshelf/events';
import { call, signIn, signUp, type Maybe } from '../harness/api';
import { listedProject } from '../harness/catalogue';
import { ADMIN, startSiteProcess, tempDataDir, type SiteProcess } from '../harness/site-process';

const MICROS = 1_000_000;
const CREDITS = 100;
const WITHDRAWALS = 100;
/** each credit: 1,000 downloads at $0.0025 = $2.50; each withdrawal asks $5, so about half must be refused */
const DOWNLOADS_PER_CREDIT = 1000;
const WITHDRAWAL_USD = 5;
/** credits landed before the race ($100: 20 withdrawals' worth), so parallel withdrawals always meet a funded balance */
const PREFUND_CREDITS = 40;

/**
 * The balance rebuilt from the raw events alone (not the site's decider): credits that are
 * available, minus withdrawals that hold money (in transit or paid).
 */
function balanceFromEvents(events: RecordedEvent[], now: string): number {
  let credited = 0;
  const held = new Map<string, { amount: number; holds: boolean }>();
  for (const e of events) {
    const d = e.data as { available_at: string; amount: number; payout_id: string };
    if (e.type === 'PayoutCredited' && d.available_at <= now) credited += d.amount;
    if (e.type === 'PayoutWithdrawalRequested') held.set(d.payout_id, { amount: d.amount, holds: true });
    if (e.type === 'PayoutWithdrawalFailed' || e.type === 'PayoutWithdrawalCancelled') held.get(d.payout_id)!.holds = false;
  }
  let withdrawn = 0;
  for (const w of held.values()) if (w.holds) withdrawn += w.amount;
  return credited - withdrawn;
}

const micros = (decimal: string) => Math.round(Number(decimal) * MICROS);
/** GET /v2/payout/balance, as far as this proof reads it */
interface Balance {
  available: string;
}

describe('money: parallel withdrawals and credits on one balance', () => {
  let site: SiteProcess;
  const data = tempDataDir('money');
  beforeAll(async () => {
    site = await startSiteProcess(data.dir, {
      REVENUE_HOLD_DAYS: '0',
      REVENUE_PER_DOWNLOAD_USD: '0.0025',
      PAYOUT_REQUIRE_VERIFIED_EMAIL: 'false',
      PAYOUT_SETTLE_MS: '3600000',
    });
  });
  afterAll(async () => {
    await site?.stop();
    data.remove();
  });

  it('never overdraws, and the balance always equals the sum of its events', async () => {
    const author = await signUp(site.url, 'money_author');
    const staff = await signIn(site.url, ADMIN.username, ADMIN.password);
    const projectId = await listedProject(site.url, author.token, staff, 'money-project');
    // the test plays the download counter: it appends DownloadsCounted events (what the counter
    // flushes) to the same log from its own process, while the site's revenue process manager
    // turns each into a PayoutCredited on the author's payouts stream
    const store = new SqliteEventStore({ path: join(data.dir, 'events.db') });
    try {
      const credit = async () => {
        const id = newEventId();
        const time = new Date().toISOString();
        const events = toNewEvents(
          [DownloadsCounted({ project_id: projectId, version_id: null, count: DOWNLOADS_PER_CREDIT })],
          { commandId: id, correlationId: id, causationId: id, actor: null, time },
          newEventId,
        );
        await store.append(downloadsStream(projectId), events, 'any');
      };
      const withdraw = () =>
        call<Maybe<object>>(site.url, 'POST', '/v2/payout', {
          token: author.token,
          json: { amount: WITHDRAWAL_USD, method: 'paypal', method_id: 'paypal_intl', recipient: 'money_author@example.org' },
        });
      const creditedCount = async () => (await store.readStream(payoutsStream(author.id))).filter((e) => e.type === 'PayoutCredited').length;
      const waitForCredits = async (n: number) => {
        const deadline = Date.now() + 120_000;
        while ((await creditedCount()) < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        expect(await creditedCount()).toBe(n);
      };
      // the funded start: whatever order the race below takes, 20 withdrawals can be paid from it
      for (let i = 0; i < PREFUND_CREDITS; i++) await credit();
      await waitForCredits(PREFUND_CREDITS);
      const samples: number[] = [];
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const b = await call<Balance>(site.url, 'GET', '/v2/payout/balance', { token: author.token });
          expect(b.status).toBe(200);
          samples.push(micros(b.body.available));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      // interleaved: a credit, a withdrawal, a credit, ... all started at once
      const jobs: Promise<unknown>[] = [];
      for (let i = 0; i < Math.max(CREDITS, WITHDRAWALS); i++) {
        if (i < CREDITS) jobs.push(credit());
        if (i < WITHDRAWALS) jobs.push(withdraw());
      }
      const results = await Promise.all(jobs);
      const answers = results.filter((r): r is Awaited<ReturnType<typeof withdraw>> => typeof r === 'object' && r !== null && 'status' in r);
      // the process manager credits every DownloadsCounted exactly once
      await waitForCredits(PREFUND_CREDITS + CREDITS);
      const events = await store.readStream(payoutsStream(author.id));
      sampling = false;
      await sampler;

      const accepted = answers.filter((a) => a.status === 204).length;
      const refused = answers.filter((a) => a.status === 400 && a.body.description === 'You do not have enough funds to make this payout!').length;
      const credits = events.filter((e) => e.type === 'PayoutCredited');
      const requested = events.filter((e) => e.type === 'PayoutWithdrawalRequested');
      // every prefix of the stream: the money never went below zero
      let lowest = Infinity;
      for (let n = 1; n <= events.length; n++) lowest = Math.min(lowest, balanceFromEvents(events.slice(0, n), '9999'));
      const now = new Date().toISOString();
      const balance = await call<Balance>(site.url, 'GET', '/v2/payout/balance', { token: author.token });
      console.log(
        `[proof] money: ${PREFUND_CREDITS} credits first, then ${CREDITS} credits and ${WITHDRAWALS} withdrawals in parallel; ${credits.length} credited, ${accepted} withdrawals accepted, ${refused} refused for funds; ` +
          `lowest balance in history ${lowest / MICROS} USD, lowest sampled ${Math.min(...samples) / MICROS} USD over ${samples.length} samples, final ${balance.body.available} USD`,
      );
      expect(answers.length).toBe(WITHDRAWALS);
      expect(accepted + refused).toBe(WITHDRAWALS); // nothing else: no 409, no 5xx
      // the race was real both ways: the funded start pays at least 20 parallel withdrawals, and
      // $500 asked against $350 credited in all means at least 30 are refused
      expect(accepted).toBeGreaterThanOrEqual((PREFUND_CREDITS * DOWNLOADS_PER_CREDIT * 0.0025) / WITHDRAWAL_USD);
      expect(refused).toBeGreaterThanOrEqual(WITHDRAWALS - ((PREFUND_CREDITS + CREDITS) * DOWNLOADS_PER_CREDIT * 0.0025) / WITHDRAWAL_USD);
      expect(credits.length).toBe(PREFUND_CREDITS + CREDITS);
      expect(new Set(credits.map((e) => (e.data as { source_position: number }).source_position)).size).toBe(PREFUND_CREDITS + CREDITS);
      expect(requested.length).toBe(accepted);
      expect(lowest).toBeGreaterThanOrEqual(0);
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
      expect(micros(balance.body.available)).toBe(balanceFromEvents(events, now));
      expect(micros(balance.body.available)).toBe((PREFUND_CREDITS + CREDITS) * DOWNLOADS_PER_CREDIT * 2500 - accepted * WITHDRAWAL_USD * MICROS);
    } finally {
      await store.close();
    }
  });
});

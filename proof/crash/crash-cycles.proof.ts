import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadsCounted, SqliteEventStore, downloadsStream, newEventId, toNewEvents, type RecordedEvent } from '@modshelf/events';
import { replayAndCompare } from '@modshelf/projection-service';
import { signIn, signUp } from '../harness/api';
import { listedProject } from '../harness/catalogue';
import { ADMIN, startSiteProcess, tempDataDir, waitProjected, type SiteProcess } from '../harness/site-process';
import { KINDS, alreadyApplied, makeOp, send, settled, type Op, type WriterUser } from './writers';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 10);
const WRITERS = Number(process.env.CRASH_WRITERS ?? 200);
const USERS = 20;
const TARGETS = Math.ceil(WRITERS / USERS);

describe('crash cycles: kill -9 under 200 concurrent writers', () => {
  let site: SiteProcess;
  const data = tempDataDir('crash');
  beforeAll(async () => {
    site = await startSiteProcess(data.dir, {
      REVENUE_HOLD_DAYS: '0',
      PAYOUT_REQUIRE_VERIFIED_EMAIL: 'false',
      PAYOUT_SETTLE_MS: '3600000',
      RATE_LIMIT_PER_MIN: '1000000',
    });
  });
  afterAll(async () => {
    await site?.stop();
    data.remove();
  });

  it('loses no acknowledged write, duplicates none, and projections equal a fresh replay after every restart', async () => {
    const staff = await signIn(site.url, ADMIN.username, ADMIN.password);
    const owner = await signUp(site.url, 'crash_targets');
    const targets: string[] = [];
    for (let t = 0; t < TARGETS; t++) targets.push(await listedProject(site.url, owner.token, staff, `crash-target-${t}`));
    const users: WriterUser[] = [];
    for (let u = 0; u < USERS; u++) {
      const s = await signUp(site.url, `crash_user_${u}`);
      users.push({ ...s, projectId: await listedProject(site.url, s.token, staff, `crash-own-${u}`) });
    }
    // a balance to withdraw from: the test plays the download counter for each user's project
    const store = new SqliteEventStore({ path: join(data.dir, 'events.db') });
    for (const u of users) {
      const id = newEventId();
      const events = toNewEvents(
        [DownloadsCounted({ project_id: u.projectId, version_id: null, count: 10_000_000 })],
        { commandId: id, correlationId: id, causationId: id, actor: null, time: new Date().toISOString() },
        newEventId,
      );
      await store.append(downloadsStream(u.projectId), events, 'any');
    }
    await waitProjected(site.url);

    const acked = new Map<string, Op>();
    const refused: { op: Op; status: number; text: string }[] = [];
    let retried = 0;
    let unackedAtKill = 0;
    const replays: number[] = [];
    const following = new Array<boolean>(WRITERS).fill(false);
    const counters = new Array<number>(WRITERS).fill(0);
    const pending = new Map<number, Op>();

    let appliedBeforeCrash = 0;
    const settle = (w: number, op: Op, a: { status: number; text: string; body?: unknown }) => {
      if (alreadyApplied(a)) appliedBeforeCrash++;
      if ((a.status >= 200 && a.status < 300) || alreadyApplied(a)) {
        acked.set(op.key, op);
        if (op.follow !== undefined) following[w] = op.follow;
      } else refused.push({ op, status: a.status, text: a.text });
    };

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      let running = true;
      const writer = async (w: number) => {
        const user = users[w % USERS];
        const target = targets[Math.floor(w / USERS)];
        while (running) {
          const n = counters[w]++;
          const op = makeOp(KINDS[(n + w) % KINDS.length], `c${cycle}-w${w}-n${n}`, user, target, following[w]);
          const a = await send(site.url, op);
          if (settled(a)) settle(w, op, a);
          else {
            // no answer (killed) or a transient one: retried with the same key after the restart
            pending.set(w, op);
            return;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await new Promise((r) => setTimeout(r, 1500 + Math.random() * 1500));
      await site.crash();
      running = false;
      await Promise.all(writers);
      unackedAtKill += pending.size;
      await site.restart();

      // every write that got no answer is sent again with its key until it settles
      for (const [w, op] of pending) {
        for (let attempt = 0; ; attempt++) {
          const a = await send(site.url, op);
          retried++;
          if (settled(a)) {
            settle(w, op, a);
            break;
          }
          if (attempt > 20) throw new Error(`${op.kind} ${op.key} never settled: ${a.status} ${a.text}`);
          await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
        }
      }
      pending.clear();

      await waitProjected(site.url);
      const report = await replayAndCompare({ store, dataDir: data.dir });
      expect(report.differences, `cycle ${cycle}: projections differ from a fresh replay`).toEqual([]);
      expect(report.equal).toBe(true);
      replays.push(report.events);
    }

    // the log against the ledger of acknowledged writes
    const events = await store.readAll();
    await store.close();
    const commandsOf = new Map<string, Set<string>>();
    for (const e of events as RecordedEvent[]) {
      if (!e.metadata.actor) continue;
      const set = commandsOf.get(e.metadata.correlationId) ?? new Set<string>();
      set.add(e.metadata.commandId);
      commandsOf.set(e.metadata.correlationId, set);
    }
    let lost = 0;
    let duplicated = 0;
    const problems: string[] = [];
    for (const op of acked.values()) {
      if (op.kind === 'withdraw') continue;
      const n = commandsOf.get(op.key)?.size ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicated++;
      if (n !== 1 && problems.length < 10) problems.push(`${op.kind} ${op.key}: ${n} commands in the log`);
    }
    // withdrawals: exactly as many PayoutWithdrawalRequested per user as acknowledged withdrawals
    for (const u of users) {
      const inLog = events.filter((e) => e.type === 'PayoutWithdrawalRequested' && e.streamId === `payouts-${u.id}`).length;
      const ackedHere = [...acked.values()].filter((op) => op.kind === 'withdraw' && op.user.id === u.id).length;
      if (inLog < ackedHere) lost += ackedHere - inLog;
      if (inLog > ackedHere) duplicated += inLog - ackedHere;
      if (inLog !== ackedHere && problems.length < 10) problems.push(`withdrawals of ${u.id}: ${ackedHere} acknowledged, ${inLog} in the log`);
    }
    const byKind = Object.fromEntries(KINDS.map((k) => [k, [...acked.values()].filter((op) => op.kind === k).length]));
    console.log(
      `[proof] crash cycles: ${CYCLES} kill -9 under ${WRITERS} writers; ${acked.size} writes acknowledged ${JSON.stringify(byKind)}, ` +
        `${unackedAtKill} unanswered at a kill and retried with their key (${retried} retries, ${appliedBeforeCrash} found already applied), ${refused.length} refused; ` +
        `${lost} lost, ${duplicated} duplicated; replay equal after each restart (${replays.join(', ')} events)`,
    );
    expect(problems).toEqual([]);
    expect(refused.map((r) => `${r.op.kind} ${r.op.key}: ${r.status} ${r.text.slice(0, 200)}`)).toEqual([]);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(acked.size).toBeGreaterThan(WRITERS * CYCLES);
  });
});

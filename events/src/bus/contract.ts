import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_STREAM, type NewEvent, type RecordedEvent } from '../envelope';
import { newEventId } from '../ids';
import { systemEvent } from '../system-event';
import type { EventStore } from '../store/port';
import type { EventBus } from './port';

export interface BusUnderTest {
  /** the log the bus carries: appends to it must reach the bus (through a running relay where needed). */
  store: EventStore;
  bus: EventBus;
  /** resolves once every event appended so far is on the bus (a relay caught up); optional. */
  settle?(): Promise<void>;
  cleanup(): Promise<void>;
}

const ev = systemEvent;

async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Collects what a group member receives. */
function collector(prefix: string) {
  const seen: RecordedEvent[] = [];
  return {
    seen,
    handler: async (batch: RecordedEvent[]) => {
      for (const e of batch) if (e.streamId.startsWith(prefix)) seen.push(e);
    },
  };
}

/**
 * Checks per-stream order: the first delivery of each revision comes in revision order
 * (an at-least-once redelivery may repeat earlier revisions after them, which is allowed).
 */
function expectKeyOrder(seen: RecordedEvent[]): void {
  const firsts = new Map<string, number[]>();
  const done = new Set<string>();
  for (const e of seen) {
    const k = `${e.streamId}@${e.revision}`;
    if (done.has(k)) continue;
    done.add(k);
    firsts.set(e.streamId, [...(firsts.get(e.streamId) ?? []), e.revision]);
  }
  for (const [stream, revs] of firsts) expect(revs, `order of ${stream}`).toEqual([...revs].sort((x, y) => x - y));
}

const ids = (xs: RecordedEvent[]) => new Set(xs.map((e) => e.metadata.eventId));

/**
 * The contract every EventBus adapter passes, driven through the event log: events appended to
 * the store must reach consumer groups keyed by stream, in stream order, at least once.
 */
export function eventBusContract(adapter: string, make: () => Promise<BusUnderTest>, timeoutMs = 20000): void {
  describe(`EventBus contract: ${adapter}`, () => {
    let sut: BusUnderTest;
    let prefix: string;
    beforeEach(async () => {
      sut = await make();
      prefix = `b${newEventId().slice(0, 8)}`;
    });
    afterEach(async () => {
      await sut.cleanup();
    });

    async function appendInterleaved(streams: number, perStream: number, tag = 'E'): Promise<NewEvent[]> {
      const all: NewEvent[] = [];
      for (let i = 0; i < perStream; i++) {
        for (let s = 0; s < streams; s++) {
          const e = ev(`${tag}${i}`, { s, i });
          all.push(e);
          await sut.store.append(`${prefix}-${s}`, [e], i === 0 ? NO_STREAM : i - 1);
        }
      }
      return all;
    }

    it('delivers every event to a group, each stream in revision order', async () => {
      const c = collector(prefix);
      const sub = await sut.bus.subscribe(`${prefix}-g1`, c.handler);
      const sent = await appendInterleaved(4, 8);
      await until(() => ids(c.seen).size >= sent.length, timeoutMs, 'all events');
      await sub.close();
      expect(ids(c.seen)).toEqual(new Set(sent.map((e) => e.metadata.eventId)));
      expectKeyOrder(c.seen);
      expect(c.seen.length).toBe(sent.length); // no failure, no redelivery
      const first = c.seen.find((e) => e.streamId === `${prefix}-0` && e.revision === 0)!;
      expect(first.data).toEqual({ s: 0, i: 0 });
      expect(first.position).toBeGreaterThan(0);
    });

    it('gives each consumer group its own copy of the log', async () => {
      const a = collector(prefix);
      const b = collector(prefix);
      const sa = await sut.bus.subscribe(`${prefix}-ga`, a.handler);
      const sb = await sut.bus.subscribe(`${prefix}-gb`, b.handler);
      const sent = await appendInterleaved(2, 5);
      await until(() => ids(a.seen).size >= sent.length && ids(b.seen).size >= sent.length, timeoutMs, 'both groups');
      await Promise.all([sa.close(), sb.close()]);
      expect(ids(a.seen)).toEqual(ids(b.seen));
    });

    it('delivers a batch again when the handler fails (at least once)', async () => {
      const seen: RecordedEvent[] = [];
      let failures = 0;
      const sub = await sut.bus.subscribe(`${prefix}-gf`, async (batch) => {
        const mine = batch.filter((e) => e.streamId.startsWith(prefix));
        if (failures < 2 && mine.some((e) => e.type === 'E2')) {
          failures += 1;
          throw new Error('projector crashed');
        }
        seen.push(...mine);
      });
      const sent = await appendInterleaved(2, 4);
      await until(() => ids(seen).size >= sent.length, timeoutMs * 2, 'redelivery');
      await sub.close();
      expect(failures).toBe(2);
      expect(ids(seen)).toEqual(new Set(sent.map((e) => e.metadata.eventId)));
      expectKeyOrder(seen);
    });

    it('resumes a group from its committed position', async () => {
      const group = `${prefix}-gr`;
      const first = collector(prefix);
      const s1 = await sut.bus.subscribe(group, first.handler);
      const before = await appendInterleaved(2, 3, 'A');
      await until(() => ids(first.seen).size >= before.length, timeoutMs, 'first batch');
      await s1.close();
      const after: NewEvent[] = [];
      for (let s = 0; s < 2; s++) {
        const e = ev('B', { s });
        after.push(e);
        await sut.store.append(`${prefix}-${s}`, [e], 2);
      }
      const second = collector(prefix);
      const s2 = await sut.bus.subscribe(group, second.handler);
      await until(() => ids(second.seen).size >= after.length, timeoutMs, 'events after resuming');
      await s2.close();
      expect(ids(second.seen)).toEqual(new Set(after.map((e) => e.metadata.eventId)));
    });

    it("starts a new group at the end of the log with start: 'latest'", async () => {
      await appendInterleaved(1, 3, 'OLD');
      await sut.settle?.();
      const c = collector(prefix);
      const sub = await sut.bus.subscribe(`${prefix}-gl`, c.handler, { start: 'latest' });
      await new Promise((r) => setTimeout(r, 1000)); // let the member resolve its start offsets
      const e = ev('NEW');
      await sut.store.append(`${prefix}-0`, [e], 2);
      await until(() => c.seen.length >= 1, timeoutMs, 'the new event');
      await new Promise((r) => setTimeout(r, 300));
      await sub.close();
      expect(c.seen.map((x) => x.type)).toEqual(['NEW']);
    });
  });
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_STREAM, WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from '../envelope';
import { newEventId } from '../ids';
import { systemEvent } from '../system-event';
import type { EventStore } from './port';

export interface StoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
}

const ev = systemEvent;

/**
 * The contract every EventStore adapter passes. Stream names are unique per
 * test so adapters backed by a shared server can run it too.
 */
export function eventStoreContract(adapter: string, make: () => Promise<StoreUnderTest>): void {
  describe(`EventStore contract: ${adapter}`, () => {
    let sut: StoreUnderTest;
    let s: EventStore;
    let prefix: string;
    beforeEach(async () => {
      sut = await make();
      s = sut.store;
      prefix = `t${newEventId().slice(0, 8)}`;
    });
    afterEach(async () => {
      await sut.cleanup();
    });

    it('appends to a new stream and reads it back in order', async () => {
      const stream = `${prefix}-a`;
      expect(await s.streamRevision(stream)).toBe(NO_STREAM);
      const r = await s.append(stream, [ev('A', { n: 1 }), ev('B', { n: 2 })], NO_STREAM);
      expect(r.nextRevision).toBe(1);
      const read = await s.readStream(stream);
      expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
      ]);
      expect(read[1].position).toBe(r.position);
      expect(read[0].position).toBeLessThan(read[1].position);
      expect(read[0].metadata.eventId).toBeTypeOf('string');
      expect(await s.streamRevision(stream)).toBe(1);
    });

    it('rejects a wrong expected revision and writes nothing', async () => {
      const stream = `${prefix}-b`;
      await s.append(stream, [ev('A')], NO_STREAM);
      await expect(s.append(stream, [ev('X')], NO_STREAM)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(s.append(stream, [ev('X')], 5)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(s.append(`${prefix}-none`, [ev('X')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await s.readStream(stream)).map((e) => e.type)).toEqual(['A']);
      expect(await s.readStream(`${prefix}-none`)).toEqual([]);
      const ok = await s.append(stream, [ev('C')], 0);
      expect(ok.nextRevision).toBe(1);
      const any = await s.append(stream, [ev('D')], 'any');
      expect(any.nextRevision).toBe(2);
    });

    it('lets exactly one of two racing appends at the same revision win', async () => {
      const stream = `${prefix}-race`;
      await s.append(stream, [ev('A')], NO_STREAM);
      const results = await Promise.allSettled([s.append(stream, [ev('B1')], 0), s.append(stream, [ev('B2')], 0)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await s.readStream(stream)).toHaveLength(2);
    });

    it('appends to several streams as one unit: all parts, or none visible (compensated) on a conflict', async () => {
      const name = `${prefix}-name`;
      const main = `${prefix}-main`;
      const ok = await s.appendMulti([
        { streamId: name, events: [ev('Reserved')], expected: NO_STREAM, compensation: [ev('Released')] },
        { streamId: main, events: [ev('Created'), ev('Edited')], expected: NO_STREAM },
      ]);
      expect(ok.map((r) => r.nextRevision)).toEqual([0, 1]);
      expect((await s.readStream(main))[1].position).toBe(ok[1].position);
      // the second part conflicts: the first part must not stay in effect
      const other = `${prefix}-name2`;
      const err = await s
        .appendMulti([
          { streamId: other, events: [ev('Reserved')], expected: NO_STREAM, compensation: [ev('Released')] },
          { streamId: main, events: [ev('Again')], expected: NO_STREAM },
        ])
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect((err as WrongExpectedRevisionError).streamId).toBe(main);
      const left = (await s.readStream(other)).map((e) => e.type);
      // a transaction leaves nothing; a store without one leaves the reservation undone
      expect(left.length === 0 || left.join() === 'Reserved,Released').toBe(true);
      expect((await s.readStream(main)).map((e) => e.type)).toEqual(['Created', 'Edited']);
    });

    it('lets exactly one of two racing multi-stream appends reserving one name win', async () => {
      const name = `${prefix}-race-name`;
      const race = (owner: string) =>
        s.appendMulti([
          { streamId: name, events: [ev('Reserved', { owner })], expected: NO_STREAM, compensation: [ev('Released', { owner })] },
          { streamId: `${prefix}-${owner}`, events: [ev('Created')], expected: NO_STREAM },
        ]);
      const results = await Promise.allSettled([race('one'), race('two')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await s.readStream(name)).map((e) => e.type)).toEqual(['Reserved']);
    });

    it('reads a stream backwards and from a revision', async () => {
      const stream = `${prefix}-c`;
      await s.append(stream, [ev('A'), ev('B'), ev('C'), ev('D')], NO_STREAM);
      expect((await s.readStream(stream, { direction: 'backwards' })).map((e) => e.type)).toEqual(['D', 'C', 'B', 'A']);
      expect((await s.readStream(stream, { direction: 'backwards', maxCount: 1 })).map((e) => e.type)).toEqual(['D']);
      expect((await s.readStream(stream, { fromRevision: 2 })).map((e) => e.type)).toEqual(['C', 'D']);
      expect((await s.readStream(stream, { direction: 'backwards', fromRevision: 1 })).map((e) => e.type)).toEqual(['B', 'A']);
    });

    it('reads all from an exclusive global position', async () => {
      const a = `${prefix}-all1`;
      const b = `${prefix}-all2`;
      const start = await s.headPosition();
      const r1 = await s.append(a, [ev('A1')], NO_STREAM);
      await s.append(b, [ev('B1'), ev('B2')], NO_STREAM);
      const mine = (e: RecordedEvent) => e.streamId.startsWith(prefix);
      const all = (await s.readAll({ after: start })).filter(mine);
      expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'B2']);
      const after = (await s.readAll({ after: r1.position })).filter(mine);
      expect(after.map((e) => e.type)).toEqual(['B1', 'B2']);
      expect((await s.readAll({ after: start, maxCount: 1 })).length).toBe(1);
      expect(await s.headPosition()).toBeGreaterThanOrEqual(all[2].position);
    });

    it('reads all up to an inclusive position, and only the types asked for', async () => {
      const a = `${prefix}-typed1`;
      const b = `${prefix}-typed2`;
      const start = await s.headPosition();
      await s.append(a, [ev('Kept'), ev('Skipped')], NO_STREAM);
      const r = await s.append(b, [ev('Kept'), ev('Other')], NO_STREAM);
      await s.append(a, [ev('Kept')], 1);
      const mine = (e: RecordedEvent) => e.streamId.startsWith(prefix);
      const all = (await s.readAll({ after: start })).filter(mine);
      const second = all[2].position;
      expect((await s.readAll({ after: start, upTo: second })).filter(mine).map((e) => e.type)).toEqual(['Kept', 'Skipped', 'Kept']);
      const typed = (await s.readAll({ after: start, types: ['Kept', 'Other'] })).filter(mine);
      expect(typed.map((e) => `${e.streamId.slice(prefix.length)}:${e.type}`)).toEqual(['-typed1:Kept', '-typed2:Kept', '-typed2:Other', '-typed1:Kept']);
      expect(typed.map((e) => e.position)).toEqual(all.filter((e) => e.type !== 'Skipped').map((e) => e.position));
      // maxCount counts the events returned, not the events skipped
      expect((await s.readAll({ after: start, types: ['Kept'], maxCount: 2 })).filter(mine).map((e) => e.position)).toEqual([all[0].position, all[2].position]);
      expect((await s.readAll({ after: start, upTo: r.position, types: ['Kept'] })).filter(mine).map((e) => e.position)).toEqual([
        all[0].position,
        all[2].position,
      ]);
      expect(await s.readAll({ after: start, types: [] })).toEqual([]);
    });

    it('subscribes from a position, catches up, then tails live appends', async () => {
      const stream = `${prefix}-sub`;
      const r = await s.append(stream, [ev('S1'), ev('S2')], NO_STREAM);
      const first = (await s.readStream(stream))[0];
      const seen: string[] = [];
      let resolve!: () => void;
      const got = new Promise<void>((res) => (resolve = res));
      const sub = s.subscribeAll(first.position, (e) => {
        if (!e.streamId.startsWith(prefix)) return;
        seen.push(e.type);
        if (seen.length === 2) resolve();
      });
      await s.append(stream, [ev('S3')], r.nextRevision);
      await Promise.race([got, new Promise((_, rej) => setTimeout(() => rej(new Error('subscription timed out')), 10000))]);
      await sub.close();
      expect(seen).toEqual(['S2', 'S3']);
    });

    it('keeps metadata and data intact', async () => {
      const stream = `${prefix}-meta`;
      const e = ev('M', { nested: { list: [1, 'two', null], flag: true }, text: 'ünïcødé ✓' });
      e.metadata.actor = 'user1234';
      await s.append(stream, [e], NO_STREAM);
      const [back] = await s.readStream(stream);
      expect(back.data).toEqual(e.data);
      expect(back.metadata).toEqual(e.metadata);
      expect(back.schemaVersion).toBe(1);
    });
  });
}

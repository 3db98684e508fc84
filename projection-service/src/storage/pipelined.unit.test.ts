import { afterEach, describe, expect, it } from 'vitest';
import type { DocChange } from '../read-model/port';
import type { SearchChange } from '../search/port';
import { PipelinedStorage } from './pipelined';
import { SqliteProjectionStorage } from './sqlite-storage';

/** An in-memory storage whose writes wait until the test lets them go, and may fail. */
class GatedStorage extends SqliteProjectionStorage {
  readonly started: number[] = [];
  private readonly gates = new Map<number, { go: () => void; fail: (err: Error) => void }>();

  override async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    this.started.push(position);
    await new Promise<void>((go, fail) => this.gates.set(position, { go, fail }));
    await super.commit(docs, search, position);
  }

  release(position: number, err?: Error): void {
    const gate = this.gates.get(position);
    if (!gate) throw new Error(`no write of ${position} waiting`);
    if (err) gate.fail(err);
    else gate.go();
  }
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('PipelinedStorage', () => {
  const open: SqliteProjectionStorage[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  const setup = () => {
    const inner = new GatedStorage(':memory:');
    open.push(inner);
    const failures: unknown[] = [];
    return { inner, failures, pipe: new PipelinedStorage(inner, (err) => failures.push(err)) };
  };

  it('returns from commit() while the write runs, writes one batch at a time, and durable() waits for them', async () => {
    const { inner, pipe } = setup();
    await pipe.commit([], [], 3);
    expect(inner.started).toEqual([3]);
    let firstDurable = false;
    void pipe.durable().then(() => (firstDurable = true));
    // the next batch, folded meanwhile, waits for the write before it
    let second = false;
    const next = pipe.commit([], [], 5).then(() => (second = true));
    await tick();
    expect(second).toBe(false);
    expect(inner.started).toEqual([3]);
    // resume() answers from what was handed over, without reading the storage
    expect(await pipe.resume()).toEqual({ recovered: false, checkpoint: 3, lost: false });
    expect(firstDurable).toBe(false);
    inner.release(3);
    await next;
    expect(firstDurable).toBe(true);
    expect(inner.started).toEqual([3, 5]);
    expect(pipe.written).toBe(3);
    let durable = false;
    void pipe.durable().then(() => (durable = true));
    await tick();
    expect(durable).toBe(false);
    inner.release(5);
    await pipe.durable();
    expect(pipe.written).toBe(5);
    expect(await inner.checkpoint()).toBe(5);
  });

  it('fails every later commit after a failed write, until resume() reads the storage and says the batches were lost', async () => {
    const { inner, pipe, failures } = setup();
    await pipe.commit([], [], 2);
    inner.release(2);
    await pipe.durable();
    await pipe.commit([], [], 4);
    const next = pipe.commit([], [], 6);
    inner.release(4, new Error('server gone'));
    await expect(next).rejects.toThrow('server gone');
    await expect(pipe.durable()).rejects.toThrow('server gone');
    expect(failures).toHaveLength(1);
    expect(inner.started).toEqual([2, 4]);
    expect(await pipe.resume()).toEqual({ recovered: false, checkpoint: 2, lost: true });
    expect(pipe.written).toBe(2);
    // and it writes again
    await pipe.commit([], [], 4);
    inner.release(4);
    await pipe.durable();
    expect(await inner.checkpoint()).toBe(4);
  });
});

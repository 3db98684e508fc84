import { afterEach, describe, expect, it } from 'vitest';
import type { DocChange } from '../read-model/port';
import type { SearchChange } from '../search/port';
import { PipelinedStorage } from './pipelined';
import { SqliteProjectionStorage } from './sqlite-storage';

/** An in-memory storage whose writes wait until the test lets them go, and may fail. */
class GatedStorage extends SqliteProjectionStorage {
  readonly started: Array<{ position: number; docs: readonly DocChange[]; search: readonly SearchChange[] }> = [];
  private readonly gates = new Map<number, { go: () => void; fail: (err: Error) => void }>();

  override async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    this.started.push({ position, docs, search });
    await new Promise<void>((go, fail) => this.gates.set(position, { go, fail }));
    await super.commit(docs, search, position);
  }

  positions(): number[] {
    return this.started.map((s) => s.position);
  }

  release(position: number, err?: Error): void {
    const gate = this.gates.get(position);
    if (!gate) throw new Error(`no write of ${position} waiting`);
    if (err) gate.fail(err);
    else gate.go();
  }
}

const tick = () => new Promise((r) => setTimeout(r, 5));
const user = (id: string, username: string, isNew = false): DocChange<'users'> => ({
  coll: 'users',
  id,
  isNew,
  doc: { id, username, bio: null, avatar_url: null, created: '2024-01-01T00:00:00Z', role: 'developer', badges: 0, email_verified: false, has_totp: false },
});

describe('PipelinedStorage', () => {
  const open: SqliteProjectionStorage[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  const setup = (maxQueued?: number) => {
    const inner = new GatedStorage(':memory:');
    open.push(inner);
    const failures: unknown[] = [];
    return { inner, failures, pipe: new PipelinedStorage(inner, (err) => failures.push(err), maxQueued) };
  };

  it('returns from commit() while the write runs, and writes the batches handed over meanwhile as one, after it', async () => {
    const { inner, pipe } = setup();
    await pipe.commit([user('U1', 'first', true)], [], 3);
    expect(inner.positions()).toEqual([3]);
    let firstDurable = false;
    void pipe.durable().then(() => (firstDurable = true));
    // two more batches, folded while 3 is written: they wait, merged
    await pipe.commit([user('U1', 'second'), user('U2', 'other', true)], [], 5);
    await pipe.commit([user('U1', 'third')], [], 7);
    await tick();
    expect(inner.positions()).toEqual([3]);
    // resume() answers from what was handed over, without reading the storage
    expect(await pipe.resume()).toEqual({ recovered: false, checkpoint: 7, lost: false });
    expect(firstDurable).toBe(false);
    inner.release(3);
    await tick();
    expect(inner.positions()).toEqual([3, 7]);
    expect(pipe.written).toBe(3);
    // the last change of a document wins; a document new in the first merged batch stays new
    const merged = inner.started[1].docs;
    expect(merged.map((c) => [c.id, (c.doc as { username: string }).username, c.isNew])).toEqual([
      ['U1', 'third', false],
      ['U2', 'other', true],
    ]);
    // each batch's durable() resolves with the write that holds it
    expect(firstDurable).toBe(true);
    let lastDurable = false;
    void pipe.durable().then(() => (lastDurable = true));
    await tick();
    expect(lastDurable).toBe(false);
    inner.release(7);
    await pipe.durable();
    expect(lastDurable).toBe(true);
    expect(pipe.written).toBe(7);
    expect(pipe.writes).toBe(2);
    expect(await inner.checkpoint()).toBe(7);
    expect((await inner.readModels.get('users', 'U1'))?.username).toBe('third');
  });

  it('waits in commit() once more changes than maxQueued wait behind the write', async () => {
    const { inner, pipe } = setup(1);
    await pipe.commit([user('U1', 'a', true)], [], 1);
    await pipe.commit([user('U2', 'b', true)], [], 2);
    let third = false;
    const next = pipe.commit([user('U3', 'c', true)], [], 3).then(() => (third = true));
    await tick();
    expect(third).toBe(false);
    inner.release(1);
    await tick();
    inner.release(2);
    await next;
    expect(inner.positions()).toEqual([1, 2, 3]);
    inner.release(3);
    await pipe.durable();
    expect(await inner.checkpoint()).toBe(3);
  });

  it('fails every later commit after a failed write, until resume() reads the storage and says the batches were lost', async () => {
    const { inner, pipe, failures } = setup();
    await pipe.commit([], [], 2);
    inner.release(2);
    await pipe.durable();
    await pipe.commit([], [], 4);
    await pipe.commit([], [], 6);
    inner.release(4, new Error('server gone'));
    await expect(pipe.durable()).rejects.toThrow('server gone');
    await expect(pipe.commit([], [], 8)).rejects.toThrow('server gone');
    expect(failures).toHaveLength(1);
    expect(inner.positions()).toEqual([2, 4]);
    expect(await pipe.resume()).toEqual({ recovered: false, checkpoint: 2, lost: true });
    expect(pipe.written).toBe(2);
    // and it writes again
    await pipe.commit([], [], 4);
    inner.release(4);
    await pipe.durable();
    expect(await inner.checkpoint()).toBe(4);
  });
});

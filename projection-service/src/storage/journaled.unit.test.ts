import { describe, expect, it } from 'vitest';
import type { DocChange } from '../read-model/port';
import type { MongoReadModels } from '../read-model/mongodb';
import type { SearchChange, SearchDocument, SearchIndex } from '../search/port';
import { Gate } from '@modshelf/events/testing/gate';
import { JournaledStorage } from './journaled';

/** The read models' side: documents, a checkpoint and the journal's header (no fencing needed here). */
class FakeReadModels {
  docs = new Map<string, unknown>();
  position = 0;
  journal: { position: number; payload: string } | null = null;
  async writeJournal(position: number, payload: string): Promise<void> {
    this.calls.push(`journal ${position}`);
    this.journal = { position, payload };
  }
  async journalHead() {
    return this.journal ? { position: this.journal.position } : null;
  }
  async readJournal(after = -1) {
    return this.journal && this.journal.position > after ? this.journal : null;
  }
  calls: string[] = [];
  /** where the checkpoint writes wait while held */
  readonly checkpoints = new Gate();
  async commit(changes: readonly DocChange[], position: number): Promise<void> {
    await this.writeDocuments(changes, position);
    await this.writeCheckpoint(position);
  }
  async writeDocuments(changes: readonly DocChange[], position: number): Promise<void> {
    this.calls.push(`documents ${position}`);
    for (const c of changes) this.docs.set(c.id, c.doc);
  }
  async writeCheckpoint(position: number): Promise<void> {
    this.calls.push(`checkpoint ${position} started`);
    await this.checkpoints.pass();
    this.position = Math.max(this.position, position);
    this.calls.push(`checkpoint ${position} done`);
  }
  async checkpoint() {
    return this.position;
  }
  async reset() {}
  async close() {}
}

/** The index: a write can be held (a slow refresh) or made to fail once. */
class FakeIndex {
  docs = new Map<string, SearchDocument | null>();
  position = 0;
  writes: Array<{ ids: string[]; position: number }> = [];
  readonly gate = new Gate();
  failNext = false;
  async commit(changes: readonly SearchChange[], position: number): Promise<void> {
    await this.gate.pass();
    if (this.failNext) {
      this.failNext = false;
      throw new Error('index unavailable');
    }
    this.writes.push({ ids: changes.map((c) => c.projectId), position });
    for (const c of changes) this.docs.set(c.projectId, c.doc);
    this.position = Math.max(this.position, position);
  }
  async checkpoint() {
    return this.position;
  }
  async reset() {}
  async close() {}
}

const doc = (id: string): DocChange => ({ coll: 'users', id, doc: null });
const change = (projectId: string, name: string): SearchChange => ({ projectId, doc: { text: { name } } as SearchDocument });

function stores(backlog?: number) {
  const rm = new FakeReadModels();
  const index = new FakeIndex();
  const open = () => new JournaledStorage(rm as Partial<MongoReadModels> as MongoReadModels, index as Partial<SearchIndex> as SearchIndex, backlog);
  return { rm, index, open };
}
const nameIn = (index: FakeIndex, id: string) => index.docs.get(id)?.text.name;

describe('JournaledStorage: the index is written by its own lane', () => {
  it('a slow index does not hold back the read models; the journal carries what the index lacks; the index catches up in one write', async () => {
    const { rm, index, open } = stores();
    const storage = open();
    index.gate.hold();
    await storage.commit([doc('u1')], [change('p1', 'one')], 1);
    await storage.commit([doc('u2')], [change('p2', 'two'), change('p1', 'one again')], 2);
    await storage.commit([doc('u3')], [change('p3', 'three')], 3);
    // the read models are at 3 while the index's first write still waits
    expect(rm.position).toBe(3);
    expect(await storage.checkpoint()).toBe(0);
    const journaled = JSON.parse(rm.journal!.payload) as { search: SearchChange[] };
    expect(journaled.search.map((c) => c.projectId).sort()).toEqual(['p1', 'p2', 'p3']);
    index.gate.release();
    await storage.writesSettled();
    expect(await storage.checkpoint()).toBe(3);
    expect(nameIn(index, 'p1')).toBe('one again');
    // the first write (batch 1), then the rest as one
    expect(index.writes).toEqual([
      { ids: ['p1'], position: 1 },
      { ids: ['p2', 'p1', 'p3'], position: 3 },
    ]);
    // once the index has them, a journal no longer carries them
    await storage.commit([doc('u4')], [change('p4', 'four')], 4);
    expect((JSON.parse(rm.journal!.payload) as { search: SearchChange[] }).search.map((c) => c.projectId)).toEqual(['p4']);
    await storage.close();
    expect(await storage.checkpoint()).toBe(4);
  });

  it('tells onSearchable listeners each position the index has every change up to, once it has them', async () => {
    const { index, open } = stores();
    const storage = open();
    const told: number[] = [];
    storage.onSearchable((p) => told.push(p));
    index.gate.hold();
    await storage.commit([doc('u1')], [change('p1', 'one')], 1);
    await storage.commit([doc('u2')], [change('p2', 'two')], 2);
    // the read models are written; the index's write still waits, and nothing is told
    expect(told).toEqual([]);
    index.gate.release();
    await storage.writesSettled();
    expect(told).toEqual([1, 2]);
    await storage.close();
  });

  it('with an index that says when its writes become searchable (onVisible), onSearchable passes on what it says', async () => {
    const { rm, index } = stores();
    let visible: (position: number) => void = () => {};
    const seen = Object.assign(index, {
      onVisible(listener: (position: number) => void) {
        visible = listener;
        return () => {};
      },
    });
    const storage = new JournaledStorage(rm as Partial<MongoReadModels> as MongoReadModels, seen as Partial<SearchIndex> as SearchIndex);
    const told: number[] = [];
    storage.onSearchable((p) => told.push(p));
    await storage.commit([doc('u1')], [change('p1', 'one')], 1);
    await storage.writesSettled();
    // the lane's write returned, but the index has not said its refresh made it searchable
    expect(told).toEqual([]);
    visible(1);
    expect(told).toEqual([1]);
    await storage.close();
  });

  it('a worker killed while the index is behind: the next one finishes it from the journal', async () => {
    const { rm, index, open } = stores();
    const first = open();
    index.gate.hold();
    await first.commit([doc('u1')], [change('p1', 'one')], 1);
    await first.commit([doc('u2')], [change('p2', 'two')], 2);
    // killed: its lane never writes (the held write is dropped with the process)
    index.gate.drop();
    const next = open();
    const r = await next.resume();
    expect(r).toEqual({ recovered: true, checkpoint: 2 });
    expect(nameIn(index, 'p1')).toBe('one');
    expect(nameIn(index, 'p2')).toBe('two');
    expect(await next.checkpoint()).toBe(2);
  });

  it('a failed index write fails the next commit; resume() redoes the journal, and nothing is lost', async () => {
    const { rm, index, open } = stores();
    const storage = open();
    await storage.commit([doc('u1')], [change('p1', 'one')], 1);
    await storage.writesSettled();
    index.failNext = true;
    await storage.commit([doc('u2')], [change('p2', 'two')], 2);
    await storage.writesSettled();
    await expect(storage.commit([doc('u3')], [change('p3', 'three')], 3)).rejects.toThrow('index unavailable');
    // batch 3 was refused before anything of it was written
    expect(rm.position).toBe(2);
    expect(await storage.resume()).toEqual({ recovered: true, checkpoint: 2 });
    expect(nameIn(index, 'p2')).toBe('two');
    await storage.commit([doc('u3')], [change('p3', 'three')], 3);
    await storage.writesSettled();
    expect(await storage.checkpoint()).toBe(3);
    expect([...index.docs.keys()].sort()).toEqual(['p1', 'p2', 'p3']);
  });

  it('a batch with no search change still moves the index checkpoint', async () => {
    const { index, open } = stores();
    const storage = open();
    await storage.commit([doc('u1')], [], 5);
    await storage.writesSettled();
    expect(index.position).toBe(5);
    expect(await storage.checkpoint()).toBe(5);
  });

  it('commit() waits for the index once more changes than the backlog wait', async () => {
    const { rm, index, open } = stores(2);
    const storage = open();
    index.gate.hold();
    await storage.commit([], [change('p1', 'a'), change('p2', 'b')], 1);
    await storage.commit([], [change('p3', 'c')], 2);
    let third = false;
    const done = storage.commit([doc('u3')], [change('p4', 'd')], 3).then(() => (third = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    expect(rm.position).toBe(2);
    index.gate.release();
    await done;
    await storage.writesSettled();
    expect(await storage.checkpoint()).toBe(3);
  });

  it("a batch's read-model checkpoint is written beside the next batch's journal, never before its documents", async () => {
    const { rm, open } = stores();
    const storage = open();
    rm.checkpoints.hold();
    await storage.commit([doc('u1')], [], 1);
    // the documents are written; the checkpoint is still on its way
    expect(rm.position).toBe(0);
    const second = storage.commit([doc('u2')], [], 2);
    await new Promise((r) => setTimeout(r, 10));
    expect(rm.calls).toEqual(['journal 1', 'documents 1', 'checkpoint 1 started', 'journal 2']);
    rm.checkpoints.release();
    await second;
    await storage.writesSettled();
    expect(rm.position).toBe(2);
    expect(rm.calls.indexOf('checkpoint 1 done')).toBeLessThan(rm.calls.indexOf('documents 2'));
  });

  it('a writer killed before its last checkpoint landed: the next one redoes that batch from the journal', async () => {
    const { rm, open } = stores();
    const first = open();
    rm.checkpoints.hold();
    await first.commit([doc('u1')], [change('p1', 'one')], 1);
    // killed: the checkpoint write never lands
    rm.checkpoints.drop();
    rm.docs.clear();
    const next = open();
    expect(await next.resume()).toEqual({ recovered: true, checkpoint: 1 });
    expect(rm.docs.has('u1')).toBe(true);
    expect(rm.position).toBe(1);
  });
});

import type { DocChange } from '../read-model/port';
import type { MongoReadModels } from '../read-model/mongodb';
import type { SearchChange, SearchIndex } from '../search/port';
import type { ProjectionStorage } from './port';

/** A search index whose writes may be ahead of what searches see (OpenSearchIndex with deferRefresh). */
type DeferringIndex = SearchIndex & { appliedCheckpoint?(): Promise<number> };

/**
 * MongoDB read models and a search index with a redo journal, for stores without a transaction
 * across them (FerretDB has none, and the index is another server).
 *
 * A batch is recorded whole in the journal before its writes start. A worker killed half-way
 * leaves some documents at the new state and the checkpoint behind; re-running the batch's events
 * over those documents would count some effects twice (a follow, a download). So before a batch
 * the worker calls recover(): a journaled batch beyond the checkpoint is written again as it was
 * recorded (the writes are idempotent: same documents, same position), never recomputed.
 *
 * Between two batches of the same writer nothing is read: after a commit, resume() answers from
 * memory, and the next journal write is fenced on the journal header this writer left (a
 * compare-and-set). Another worker that wrote in between moved the header, so the fenced write
 * throws JournalFencedError before anything is written, the batch is refused and comes again,
 * and the next resume() reads the stores.
 */
export class JournaledStorage implements ProjectionStorage {
  /** both stores' checkpoint after this writer's last commit (null: unknown, resume() reads it) */
  private committed: number | null = null;
  /** the position the journal header names as this writer last saw it (undefined: unknown, the write is not fenced) */
  private head: number | null | undefined = undefined;

  constructor(
    readonly readModels: MongoReadModels,
    readonly search: DeferringIndex,
  ) {}

  /** The position both stores answer queries at (the index's refreshed checkpoint). */
  async checkpoint(): Promise<number> {
    const [a, b] = await Promise.all([this.readModels.checkpoint(), this.search.checkpoint()]);
    return Math.min(a, b);
  }

  /** The position both stores hold every write up to (what a writer resumes after); may be ahead of checkpoint(). */
  async applied(): Promise<number> {
    const [a, b] = await Promise.all([
      this.readModels.checkpoint(),
      this.search.appliedCheckpoint ? this.search.appliedCheckpoint() : this.search.checkpoint(),
    ]);
    return Math.min(a, b);
  }

  async commit(docs: readonly DocChange[], changes: readonly SearchChange[], position: number): Promise<void> {
    const expected = this.head;
    this.committed = null;
    this.head = undefined;
    await this.readModels.writeJournal(position, JSON.stringify({ docs, search: changes }), expected);
    this.head = position;
    await this.apply(docs, changes, position);
    this.committed = position;
  }

  private async apply(docs: readonly DocChange[], changes: readonly SearchChange[], position: number): Promise<void> {
    await Promise.all([this.readModels.commit(docs, position), this.search.commit(changes, position)]);
  }

  /** Finishes a journaled batch that a crash left half-written; true when it did. Always reads the stores. */
  async recover(): Promise<boolean> {
    return (await this.read()).recovered;
  }

  /**
   * recover(), and the checkpoint after it. Right after this writer's own commit it answers from
   * memory (the next commit is fenced, see above); else the two checkpoints and the journal's
   * header are read at once (one round trip), the journal's parts only when the header names a
   * batch beyond the checkpoint.
   */
  async resume(): Promise<{ recovered: boolean; checkpoint: number }> {
    if (this.committed !== null) return { recovered: false, checkpoint: this.committed };
    return this.read();
  }

  private async read(): Promise<{ recovered: boolean; checkpoint: number }> {
    this.committed = null;
    this.head = undefined;
    const [checkpoint, head] = await Promise.all([this.applied(), this.readModels.journalHead()]);
    const journal = head && head.position > checkpoint ? await this.readModels.readJournal(checkpoint) : null;
    if (!journal) {
      this.head = head?.position ?? null;
      return { recovered: false, checkpoint };
    }
    const { docs, search } = JSON.parse(journal.payload) as { docs: DocChange[]; search: SearchChange[] };
    await this.apply(docs, search, journal.position);
    this.head = journal.position;
    return { recovered: true, checkpoint: await this.applied() };
  }

  async reset(): Promise<void> {
    this.committed = null;
    this.head = undefined;
    await this.readModels.reset();
    await this.search.reset();
  }

  async close(): Promise<void> {
    await this.readModels.close();
    await this.search.close();
  }
}

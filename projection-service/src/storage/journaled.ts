import { Listeners } from '@modshelf/events/listeners';
import type { DocChange } from '../read-model/port';
import type { MongoReadModels } from '../read-model/mongodb';
import type { SearchChange, SearchIndex } from '../search/port';
import type { ProjectionStorage } from './port';

/** A search index whose writes may be ahead of what searches see (OpenSearchIndex with deferRefresh). */
type DeferringIndex = SearchIndex & { appliedCheckpoint?(): Promise<number>; drop?(): Promise<void> };

/** Most search changes waiting for the index before commit() waits for it (PROJECTION_SEARCH_BACKLOG). */
const SEARCH_BACKLOG = Number(process.env.PROJECTION_SEARCH_BACKLOG) || 5000;

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
 * The index is written by its own lane, so a slow index (an OpenSearch refresh) never holds back
 * the read models: commit() returns once the journal and the read models are written, and the
 * lane writes the search changes of every batch journaled since its last write, as one write, at
 * the position of the last of them. Until the index has them, every journal carries them too (the
 * journal holds the batch's documents and every search change not yet in the index), so a redo
 * after a crash writes all of them. The projectors never read the index, so a batch folded while
 * the index is behind folds the same. The index's checkpoint (and with it checkpoint(), what a
 * search waits for) moves when the lane has written; a failed lane write fails the next commit(),
 * and the resume() after it redoes the journal. commit() waits for the lane once more than
 * SEARCH_BACKLOG changes wait.
 *
 * The read models' checkpoint of a batch is written beside the next batch's journal: a journal
 * write starts only once the documents of the batch before are written, so a writer killed before
 * that checkpoint lands leaves the journal naming a batch beyond it, and the redo covers both.
 *
 * Between two batches of the same writer nothing is read: after a commit, resume() answers from
 * memory, and the next journal write is fenced on the journal header this writer left (a
 * compare-and-set). Another worker that wrote in between moved the header, so the fenced write
 * throws JournalFencedError before anything is written, the batch is refused and comes again,
 * and the next resume() reads the stores.
 */
export class JournaledStorage implements ProjectionStorage {
  /** the read models' checkpoint after this writer's last commit (null: unknown, resume() reads it) */
  private committed: number | null = null;
  /** the position the journal header names as this writer last saw it (undefined: unknown, the write is not fenced) */
  private head: number | null | undefined = undefined;
  /** search changes journaled and not yet given to the index (the last per project wins) */
  private waiting = new Map<string, SearchChange>();
  /** search changes the lane is writing now */
  private writing = new Map<string, SearchChange>();
  /** the position of the last journaled batch: the index has every change up to it once the lane has caught up */
  private journaled = 0;
  /** the position the lane last wrote the index up to */
  private indexed = 0;
  private lane: Promise<void> | null = null;
  private readonly indexListeners = new Listeners<number>();
  private laneFailure: unknown = null;
  /** the read models' checkpoint write of the last batch, running beside the next batch's journal write */
  private checkpointWrite: Promise<void> | null = null;
  private checkpointFailure: unknown = null;

  constructor(
    readonly readModels: MongoReadModels,
    readonly search: DeferringIndex,
    private readonly searchBacklog = SEARCH_BACKLOG,
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
    while (this.laneFailure === null && this.lane && this.waiting.size + this.writing.size > this.searchBacklog) await this.lane;
    const failure = this.laneFailure ?? this.checkpointFailure;
    if (failure !== null) {
      // the index or the checkpoint missed a write: resume() must read the stores and redo the journal
      this.committed = null;
      throw failure;
    }
    const expected = this.head;
    this.committed = null;
    this.head = undefined;
    const search = new Map([...this.writing, ...this.waiting]);
    for (const c of changes) search.set(c.projectId, c);
    // the journal write runs beside the last batch's checkpoint write: that batch's documents are written
    const previous = this.checkpointWrite;
    await Promise.all([this.readModels.writeJournal(position, JSON.stringify({ docs, search: [...search.values()] }), expected), previous]);
    this.head = position;
    for (const c of changes) this.waiting.set(c.projectId, c);
    this.journaled = position;
    this.kick();
    await this.readModels.writeDocuments(docs, position);
    this.committed = position;
    // the checkpoint (what a read waits for) moves beside the next batch's journal write; were this
    // writer killed before it lands, the journal names a batch beyond the checkpoint, and it is redone
    const write = this.readModels.writeCheckpoint(position).catch((err: unknown) => {
      this.checkpointFailure ??= err;
    });
    this.checkpointWrite = write;
    void write.finally(() => {
      if (this.checkpointWrite === write) this.checkpointWrite = null;
    });
  }

  /** Resolves once the last batch's checkpoint write is done (a failure fails the next commit). */
  private async checkpointWritten(): Promise<void> {
    while (this.checkpointWrite) await this.checkpointWrite;
  }

  /** Starts the lane unless it runs (a lane that ends as a batch is journaled starts again). */
  private kick(): void {
    this.lane ??= this.writeIndex().finally(() => {
      this.lane = null;
      if (this.laneFailure === null && this.indexed < this.journaled) this.kick();
    });
  }

  /** The lane: writes what waits for the index, one write after another, until it has caught up; never rejects. */
  private async writeIndex(): Promise<void> {
    while (this.laneFailure === null && this.indexed < this.journaled) {
      this.writing = this.waiting;
      this.waiting = new Map();
      const position = this.journaled;
      try {
        await this.search.commit([...this.writing.values()], position);
        this.setIndexed(position);
        this.writing = new Map();
      } catch (err) {
        // kept for the journals to come until resume() redoes them
        for (const [id, c] of this.writing) if (!this.waiting.has(id)) this.waiting.set(id, c);
        this.writing = new Map();
        this.laneFailure = err;
      }
    }
  }

  /**
   * Calls listener with each position searches see every change up to: as the index says (OpenSearch with deferred
   * refreshes: SearchIndex.onVisible), or else once the lane's write of it returns. Returns the call that stops it.
   */
  onSearchable(listener: (position: number) => void): () => void {
    if (this.search.onVisible) return this.search.onVisible(listener);
    return this.indexListeners.add(listener);
  }

  /** Calls listener with each position the lane has written the index up to (searchable after a refresh); returns the call that stops it. */
  onIndexed(listener: (position: number) => void): () => void {
    return this.indexListeners.add(listener);
  }

  private setIndexed(position: number): void {
    this.indexed = position;
    this.indexListeners.emit(position);
  }

  /** Resolves once the index has every journaled change and the read models' checkpoint names the last batch (or a write failed). */
  async writesSettled(): Promise<void> {
    while (this.lane) await this.lane;
    await this.checkpointWritten();
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
   * memory (the read models' checkpoint: the next commit is fenced, see above, and what the index
   * lacks waits in this writer's lane and journal); else the two checkpoints and the journal's
   * header are read at once (one round trip), the journal's parts only when the header names a
   * batch beyond the checkpoint.
   */
  async resume(): Promise<{ recovered: boolean; checkpoint: number }> {
    if (this.committed !== null && this.laneFailure === null && this.checkpointFailure === null) return { recovered: false, checkpoint: this.committed };
    return this.read();
  }

  private async read(): Promise<{ recovered: boolean; checkpoint: number }> {
    await this.writesSettled();
    this.committed = null;
    this.head = undefined;
    // what waited for the index is in the journal read below
    this.waiting = new Map();
    this.laneFailure = null;
    this.checkpointFailure = null;
    const [checkpoint, head] = await Promise.all([this.applied(), this.readModels.journalHead()]);
    const journal = head && head.position > checkpoint ? await this.readModels.readJournal(checkpoint) : null;
    if (!journal) {
      this.head = head?.position ?? null;
      this.journaled = checkpoint;
      this.setIndexed(checkpoint);
      return { recovered: false, checkpoint };
    }
    const { docs, search } = JSON.parse(journal.payload) as { docs: DocChange[]; search: SearchChange[] };
    await this.apply(docs, search, journal.position);
    this.head = journal.position;
    const after = await this.applied();
    this.journaled = after;
    this.setIndexed(after);
    return { recovered: true, checkpoint: after };
  }

  async reset(): Promise<void> {
    await this.writesSettled();
    this.committed = null;
    this.head = undefined;
    this.waiting = new Map();
    this.laneFailure = null;
    this.checkpointFailure = null;
    this.journaled = this.indexed = 0;
    await this.readModels.reset();
    await this.search.reset();
  }

  /** Deletes both stores' collections and indexes (a bench's or a test's clean-up; reset() leaves them empty). */
  async drop(): Promise<void> {
    await this.writesSettled();
    await this.readModels.drop();
    await this.search.drop?.();
  }

  /** Lets the lane write what waits for the index (what it cannot write stays in the journal), then closes both stores. */
  async close(): Promise<void> {
    await this.writesSettled();
    await this.readModels.close();
    await this.search.close();
  }
}

import type { DocChange } from '../read-model/port';
import type { MongoReadModels } from '../read-model/mongodb';
import type { SearchChange, SearchIndex } from '../search/port';
import type { ProjectionStorage } from './port';

/**
 * MongoDB read models and a search index with a redo journal, for stores without a transaction
 * across them (FerretDB has none, and the index is another server).
 *
 * A batch is recorded whole in the journal before its writes start. A worker killed half-way
 * leaves some documents at the new state and the checkpoint behind; re-running the batch's events
 * over those documents would count some effects twice (a follow, a download). So before a batch
 * the worker calls recover(): a journaled batch beyond the checkpoint is written again as it was
 * recorded (the writes are idempotent: same documents, same position), never recomputed.
 */
export class JournaledStorage implements ProjectionStorage {
  constructor(
    readonly readModels: MongoReadModels,
    readonly search: SearchIndex,
  ) {}

  async checkpoint(): Promise<number> {
    const [a, b] = await Promise.all([this.readModels.checkpoint(), this.search.checkpoint()]);
    return Math.min(a, b);
  }

  async commit(docs: readonly DocChange[], changes: readonly SearchChange[], position: number): Promise<void> {
    await this.readModels.writeJournal(position, JSON.stringify({ docs, search: changes }));
    await this.apply(docs, changes, position);
  }

  private async apply(docs: readonly DocChange[], changes: readonly SearchChange[], position: number): Promise<void> {
    await Promise.all([this.readModels.commit(docs, position), this.search.commit(changes, position)]);
  }

  /** Finishes a journaled batch that a crash left half-written; true when it did. */
  async recover(): Promise<boolean> {
    return (await this.resume()).recovered;
  }

  /**
   * recover(), and the checkpoint after it: the two checkpoints and the journal's header are read
   * at once (one round trip), the journal's parts only when the header names a batch beyond the checkpoint.
   */
  async resume(): Promise<{ recovered: boolean; checkpoint: number }> {
    const [checkpoint, head] = await Promise.all([this.checkpoint(), this.readModels.journalHead()]);
    const journal = head && head.position > checkpoint ? await this.readModels.readJournal(checkpoint) : null;
    if (!journal) return { recovered: false, checkpoint };
    const { docs, search } = JSON.parse(journal.payload) as { docs: DocChange[]; search: SearchChange[] };
    await this.apply(docs, search, journal.position);
    return { recovered: true, checkpoint: await this.checkpoint() };
  }

  async reset(): Promise<void> {
    await this.readModels.reset();
    await this.search.reset();
  }

  async close(): Promise<void> {
    await this.readModels.close();
    await this.search.close();
  }
}

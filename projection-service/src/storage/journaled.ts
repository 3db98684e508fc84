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
    // the parts are read only when the header names a batch beyond the checkpoint
    const journal = await this.readModels.readJournal(await this.checkpoint());
    if (!journal) return false;
    const { docs, search } = JSON.parse(journal.payload) as { docs: DocChange[]; search: SearchChange[] };
    await this.apply(docs, search, journal.position);
    return true;
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

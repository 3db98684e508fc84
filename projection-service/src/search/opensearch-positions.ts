import type { Client } from '@opensearch-project/opensearch';

/** `checkpoint`: the position searches see every change up to; `applied`: the position every change is written up to. */
export type PositionId = 'checkpoint' | 'applied';

/**
 * The index's positions, as documents of its meta index (`<prefix>-meta`), each written with its
 * position as an external version, so a late or repeated write never moves one back. They are
 * only ever read by id (a real-time get), so a write needs no refresh.
 *
 * A writer may leave a checkpoint write running beside its next writes (`beside`): searches
 * already see the position (the position feed has said so), and readers of the document only wait
 * for it. A write that fails is kept, and `takeFailure()` hands it to the writer's next commit.
 */
export class OpenSearchPositions {
  private readonly running = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(
    private readonly client: Client,
    readonly index: string,
  ) {}

  /** A position, 0 when absent; waits for this writer's writes beside, and for a shard still starting (bounded). */
  async read(id: PositionId): Promise<number> {
    await this.written();
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.client.get({ index: this.index, id });
        return Number((res.body as { _source?: { position?: number } })._source?.position ?? 0);
      } catch (err) {
        const status = (err as { meta?: { statusCode?: number } }).meta?.statusCode;
        if (status === 404) return 0;
        // 503: a shard still starting (an index another process has just created); bounded wait
        if (status !== 503 || attempt >= 60) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Both positions, read together. */
  async both(): Promise<{ applied: number; checkpoint: number }> {
    const [applied, checkpoint] = await Promise.all([this.read('applied'), this.read('checkpoint')]);
    return { applied, checkpoint };
  }

  /** A position's write as two lines of a bulk request (its version conflict, status 409, is no failure). */
  bulkLines(id: PositionId, position: number): Array<Record<string, unknown>> {
    return [{ index: { _index: this.index, _id: id, version: position, version_type: 'external_gte' } }, { position }];
  }

  async write(id: PositionId, position: number): Promise<void> {
    await this.client
      .index({ index: this.index, id, body: { position }, version: position, version_type: 'external_gte' })
      .catch((err: { meta?: { statusCode?: number } }) => {
        if (err.meta?.statusCode !== 409) throw err;
      });
  }

  /** Writes the checkpoint beside what comes next; a failure is kept for takeFailure(). */
  beside(position: number): void {
    const write: Promise<void> = this.write('checkpoint', position)
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => this.running.delete(write));
    this.running.add(write);
  }

  /** Resolves once the writes beside are done. */
  async written(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** The first write beside that failed since the last call, or null. */
  takeFailure(): unknown {
    const failure = this.failure;
    this.failure = null;
    return failure;
  }
}

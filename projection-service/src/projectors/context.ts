import type { RecordedEvent } from '@modshelf/events';
import { indexKeys } from '../read-model/collections';
import type { CollectionName, Documents } from '../read-model/documents';
import type { DocChange, ReadModelStore } from '../read-model/port';

interface Entry {
  coll: CollectionName;
  id: string;
  doc: unknown | null;
  dirty: boolean;
}

/**
 * A unit of work over many events: documents are loaded once, changed in
 * memory, and written together with the checkpoint when the batch commits.
 */
export class BatchContext {
  private readonly entries = new Map<string, Entry>();
  /** Projects whose search document must be recomputed. */
  readonly touchedProjects = new Set<string>();

  constructor(private readonly store: ReadModelStore) {}

  private static key(coll: string, id: string): string {
    return `${coll}\u0000${id}`;
  }

  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    const k = BatchContext.key(coll, id);
    const e = this.entries.get(k);
    if (e) return e.doc as Documents[C] | null;
    const doc = await this.store.get(coll, id);
    this.entries.set(k, { coll, id, doc, dirty: false });
    return doc;
  }

  put<C extends CollectionName>(coll: C, id: string, doc: Documents[C]): void {
    this.entries.set(BatchContext.key(coll, id), { coll, id, doc, dirty: true });
    if (coll === 'projects') this.touchedProjects.add(id);
  }

  delete(coll: CollectionName, id: string): void {
    this.entries.set(BatchContext.key(coll, id), { coll, id, doc: null, dirty: true });
    if (coll === 'projects') this.touchedProjects.add(id);
  }

  touchProject(id: string): void {
    this.touchedProjects.add(id);
  }

  /** Ids whose index `index` holds `key`, seeing this batch's own changes. */
  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    const ids = new Set(await this.store.findIds(coll, index, key));
    for (const e of this.entries.values()) {
      if (e.coll !== coll || !e.dirty) continue;
      const has = e.doc !== null && indexKeys(coll, e.doc as never).some(([i, k]) => i === index && k === key);
      if (has) ids.add(e.id);
      else ids.delete(e.id);
    }
    return [...ids].sort();
  }

  changes(): DocChange[] {
    const out: DocChange[] = [];
    for (const e of this.entries.values()) if (e.dirty) out.push({ coll: e.coll, id: e.id, doc: e.doc as never });
    return out;
  }

  get size(): number {
    return this.entries.size;
  }
}

export type Projector = (ctx: BatchContext, event: RecordedEvent) => Promise<void>;

/** The id part of a stream name such as `version-<id>`. */
export function streamEntity(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

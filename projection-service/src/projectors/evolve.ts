import type { RecordedEvent } from '@modshelf/events';
import type { CollectionName, Documents } from '../read-model/documents';
import type { ReadModelStore } from '../read-model/port';

/**
 * What a projection may read besides the documents it evolves (its joins): the documents as the
 * batch has them so far, including what earlier projections did with the same event. Read only.
 */
export type ReadView = Pick<ReadModelStore, 'get' | 'findIds'> & {
  /**
   * A document the event creates (DocumentProjection.creates), as get: not read from the store when the batch's storage
   * applies each event once (ProjectionStorage.appliesOnce), since it cannot be there yet.
   */
  created<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null>;
  /**
   * Whether an event of this batch created the document (`created`, over a storage that applies each event once): it was not
   * in the store before the batch, and neither is any document made only while it exists (a project's day figures, its follows).
   */
  createdInBatch(coll: CollectionName, id: string): boolean;
  /**
   * findIds among the batch's own changes alone: for keys no stored document can hold (the follows of a project
   * createdInBatch), answered without asking the store.
   */
  findIdsInBatch(coll: CollectionName, index: string, key: string): string[];
};

/**
 * How the documents of one collection follow some events, in the manner of Emmett's document
 * projections: for an event it handles, which documents it touches, and a pure `evolve` from each
 * document as it is (null: none) to what it becomes (null: none, deleted). Other documents it needs
 * (a join) are read first by `join` and handed to `documentIds` and `evolve` read-only. `evolve` must
 * not change its inputs; returning the document it was given means "no change".
 */
export interface DocumentProjection<C extends CollectionName, J> {
  collection: C;
  /** the event types it handles */
  canHandle: readonly string[];
  /**
   * the read-only input the other two need, read once per event; projections of one projector that share
   * a join function share what it read when the first of them applied
   */
  join(event: RecordedEvent, read: ReadView): J | Promise<J>;
  /** the ids of the documents of `collection` the event touches */
  documentIds(event: RecordedEvent, join: J, read: ReadView): string[] | Promise<string[]>;
  evolve(doc: Documents[C] | null, event: RecordedEvent, join: J, id: string): Documents[C] | null;
  /**
   * Whether none of the documents the event touches can be in the store before it, so where each event is applied once
   * (ProjectionStorage.appliesOnce) they are not read: ids the event minted, as the first event of its own stream
   * (creations.ts: a project's creation, its threads), or documents made only while a project exists that this batch
   * created (ReadView.createdInBatch: its day figures). A live catch-up is mostly such events, and each read of a document
   * that is not there yet descends the largest B-tree of the file for nothing. Where an event may be applied again (a
   * storage without one transaction), the document is read and `evolve` keeps what it gathered, as for any other event.
   */
  creates?(event: RecordedEvent, join: J): boolean;
}

/** What applies a projection's changes: the batch's unit of work. */
export interface EvolveTarget extends ReadView {
  /** `get`'s answer without a promise when the unit of work has the document, else undefined (BatchContext.readNow) */
  readNow<C extends CollectionName>(coll: C, id: string): Documents[C] | null | undefined;
  /** `created`'s answer without a promise when it has one, else undefined (BatchContext.createdNow) */
  createdNow<C extends CollectionName>(coll: C, id: string): Documents[C] | null | undefined;
  put<C extends CollectionName>(coll: C, id: string, doc: Documents[C]): void;
  delete(coll: CollectionName, id: string): void;
  /** a project whose search document must be recomputed though its document did not change */
  touchProject(id: string): void;
}

/** A document projection with its join type closed over, so projections of any collection sit in one list. */
export interface Evolution {
  readonly collection: CollectionName;
  readonly canHandle: ReadonlySet<string>;
  /** `joins`: what join functions read for this event, shared by the projections of one projector */
  apply(target: EvolveTarget, event: RecordedEvent, joins: Map<unknown, unknown>): Promise<void>;
}

export function documentProjection<C extends CollectionName, J>(p: DocumentProjection<C, J>): Evolution {
  return {
    collection: p.collection,
    canHandle: new Set(p.canHandle),
    async apply(target, event, joins) {
      let join: J;
      if (joins.has(p.join)) join = joins.get(p.join) as J;
      else {
        // most joins and id lists are plain values: awaited only when they are promises (a rebuild folds millions)
        const j = p.join(event, target);
        join = j instanceof Promise ? await j : j;
        joins.set(p.join, join);
      }
      const i = p.documentIds(event, join, target);
      const ids = i instanceof Promise ? await i : i;
      const creates = p.creates?.(event, join) === true;
      for (const id of ids) {
        // most documents are in the unit of work already: no promise to make and await for them
        let before = creates ? target.createdNow(p.collection, id) : target.readNow(p.collection, id);
        if (before === undefined) before = await (creates ? target.created(p.collection, id) : target.get(p.collection, id));
        const after = p.evolve(before, event, join, id);
        if (after === before) continue;
        if (after === null) target.delete(p.collection, id);
        else target.put(p.collection, id, after);
      }
    },
  };
}

/** For projections that need nothing but the document and the event. */
export const noJoin = (): null => null;

/** Projects whose search documents follow an event though no project document changes (a renamed author). */
export interface SearchReindex {
  canHandle: readonly string[];
  projectIds(event: RecordedEvent, read: ReadView): Promise<string[]>;
}

/** A projector: its document projections, applied in order to each event, and the search documents it re-indexes. */
export interface ProjectorDefinition {
  readonly name: string;
  readonly documents: readonly Evolution[];
  readonly reindex?: SearchReindex;
}

export type DefinedProjector = ((target: EvolveTarget, event: RecordedEvent) => Promise<void>) &
  ProjectorDefinition & {
    /** the event types it acts on */
    readonly handled: ReadonlySet<string>;
  };

/**
 * The projector that applies a definition to the batch's unit of work: first the search re-index
 * (it compares with the documents before the event), then each document projection in order, each
 * seeing what the earlier ones changed.
 */
export function defineProjector(def: ProjectorDefinition): DefinedProjector {
  const handled = new Set([...def.documents.flatMap((d) => [...d.canHandle]), ...(def.reindex?.canHandle ?? [])]);
  const reindexed = new Set(def.reindex?.canHandle ?? []);
  const run = async (target: EvolveTarget, event: RecordedEvent): Promise<void> => {
    if (!handled.has(event.type)) return;
    if (def.reindex && reindexed.has(event.type)) for (const id of await def.reindex.projectIds(event, target)) target.touchProject(id);
    const joins = new Map<unknown, unknown>();
    for (const d of def.documents) if (d.canHandle.has(event.type)) await d.apply(target, event, joins);
  };
  Object.defineProperty(run, 'name', { value: def.name });
  return Object.assign(run, { documents: def.documents, reindex: def.reindex, handled });
}

/** The id part of a stream name such as `version-<id>`. */
export function streamEntity(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

/** `[id]` when the event is on a stream `<kind>-<id>`, else none. */
export function streamIds(event: RecordedEvent, kind: string): string[] {
  return event.streamId.startsWith(`${kind}-`) ? [streamEntity(event.streamId)] : [];
}

/** Changes to some fields of a `T`: each key a field of `T` with a value it may hold (undefined: unchanged), no other key. */
export type ChangesTo<T, C> = { [K in keyof C]: K extends keyof T ? T[K] | undefined : never };

/** `doc` with the defined values of `changes` over it (the partial fields of an edit event). */
export function withChanges<T extends object, C extends ChangesTo<T, C>>(doc: T, changes: C): T {
  const out = { ...doc };
  for (const [k, v] of Object.entries(changes)) if (v !== undefined) Reflect.set(out, k, v);
  return out;
}

/** The event types of some event definitions. */
export const typesOf = (...defs: ReadonlyArray<{ readonly type: string }>): string[] => defs.map((d) => d.type);

import { NO_STREAM, upcast, type EventStore, type RecordedEvent } from '@modshelf/events';

type Evolve<S> = (state: S, event: RecordedEvent) => S;

interface Entry {
  evolve: Evolve<unknown>;
  state: unknown;
  revision: number;
}

/** How many streams' folded states one store keeps (least recently used first out). */
export const STATE_CACHE_SIZE = 10_000;

const caches = new WeakMap<EventStore, Map<string, Entry>>();

function cacheOf(store: EventStore): Map<string, Entry> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  return cache;
}

/**
 * A stream's folded state at its last revision. The state last folded for the stream (by this process,
 * with the same `evolve`) is kept, and only the events appended after it are read and folded: the log is
 * append-only and a stream's events never change, so the result is the fold of the whole stream. Another
 * writer (a replica) appending meanwhile is caught by the append's expected revision, as before.
 * Folded states are shared: `evolve` must return new states and never change the one it is given.
 */
export async function loadState<S>(
  store: EventStore,
  streamId: string,
  decider: { initialState: S; evolve: Evolve<S> },
): Promise<{ state: S; revision: number }> {
  const cache = cacheOf(store);
  const hit = cache.get(streamId);
  const base = hit && hit.evolve === decider.evolve ? { state: hit.state as S, revision: hit.revision } : { state: decider.initialState, revision: NO_STREAM };
  const events = (await store.readStream(streamId, { fromRevision: base.revision + 1 })).map(upcast);
  const state = events.reduce((s, e) => decider.evolve(s, e), base.state);
  const revision = events.length ? events[events.length - 1].revision : base.revision;
  rememberState(store, streamId, decider.evolve, state, revision);
  return { state, revision };
}

/**
 * The state this process last kept for the stream, without reading the store: it may be behind what another
 * writer appended since. Only for an optimistic first attempt that an append with its revision as the expected
 * one confirms (see `execute`).
 */
export function keptState<S>(store: EventStore, streamId: string, decider: { evolve: Evolve<S> }): { state: S; revision: number } | null {
  const hit = cacheOf(store).get(streamId);
  return hit && hit.evolve === decider.evolve ? { state: hit.state as S, revision: hit.revision } : null;
}

/** Keeps `state` as the stream's fold at `revision` (after an append), unless a later one is kept. */
export function rememberState<S>(store: EventStore, streamId: string, evolve: Evolve<S>, state: S, revision: number): void {
  if (revision === NO_STREAM) return;
  const cache = cacheOf(store);
  const hit = cache.get(streamId);
  if (hit && hit.evolve === evolve && hit.revision > revision) return;
  cache.delete(streamId);
  cache.set(streamId, { evolve: evolve as Evolve<unknown>, state, revision });
  if (cache.size > STATE_CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
}

import Database from 'better-sqlite3';
import { upcast, type RecordedEvent } from '@modshelf/events';
import { applyEvent, BatchContext } from '../projectors/index';
import type { CollectionName, Documents } from '../read-model/documents';
import { SqliteReadModels } from '../read-model/sqlite';

/**
 * Audit: an aggregate's stream read as a timeline, and its state "as of" a
 * moment rebuilt by folding the stream's prefix with the read side's own
 * projectors into a throw-away in-memory read model.
 */

/** Stream types an audit can be asked for, and the read-model collection holding their state. */
export const AUDIT_STREAM_TYPES = {
  project: 'projects',
  version: 'versions',
  user: 'users',
  report: 'reports',
  organization: 'organizations',
  collection: 'collections',
  thread: 'threads',
} as const satisfies Record<string, CollectionName>;
export type AuditStreamType = keyof typeof AUDIT_STREAM_TYPES;

export function isAuditStreamType(s: string): s is AuditStreamType {
  return Object.prototype.hasOwnProperty.call(AUDIT_STREAM_TYPES, s);
}

export const auditStreamId = (type: AuditStreamType, id: string) => `${type}-${id}`;

/** Most events one timeline answer carries (streams are per aggregate, so this is far above normal). */
export const MAX_TIMELINE_EVENTS = 10_000;

export interface TimelineEntry {
  revision: number;
  position: number;
  type: string;
  schema_version: number;
  time: string;
  actor: { id: string; username: string | null } | null;
  command_id: string;
  correlation_id: string;
  causation_id: string;
  data: unknown;
}

/** One (already upcast) event as a timeline entry; `usernames` maps actor ids to names when known. */
export function timelineEntry(e: RecordedEvent, usernames: ReadonlyMap<string, string>): TimelineEntry {
  const actor = e.metadata.actor;
  return {
    revision: e.revision,
    position: e.position,
    type: e.type,
    schema_version: e.schemaVersion,
    time: e.metadata.time,
    actor: actor ? { id: actor, username: usernames.get(actor) ?? null } : null,
    command_id: e.metadata.commandId,
    correlation_id: e.metadata.correlationId,
    causation_id: e.metadata.causationId,
    data: e.data,
  };
}

/** Distinct actor ids of a stream's events. */
export function actorIds(events: readonly RecordedEvent[]): string[] {
  return [...new Set(events.map((e) => e.metadata.actor).filter((a): a is string => !!a))];
}

/**
 * The events that had happened by `asOf` (ms since the epoch): the longest prefix
 * of the stream whose times are not after it. A prefix (not a filter) keeps the
 * fold consistent even if clocks of different writers disagreed slightly.
 */
export function prefixAsOf<E extends { metadata: { time: string } }>(events: readonly E[], asOf: number): E[] {
  const out: E[] = [];
  for (const e of events) {
    if (Date.parse(e.metadata.time) > asOf) break;
    out.push(e);
  }
  return out;
}

/** Parses an `as_of` query value: an ISO-8601 time (or epoch milliseconds). Null when it is not one. */
export function parseAsOf(raw: string): number | null {
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw)) return null;
  const t = Date.parse(raw);
  return Number.isFinite(t) ? t : null;
}

/**
 * Rebuilds one document as of the end of `events` (raw or upcast) with the same
 * projectors the runner uses, committed into an in-memory SQLite read model
 * (the production adapter), and reads it back. Null when the aggregate did not
 * exist (yet, or any more) at that point.
 */
export async function foldDocument<C extends CollectionName>(events: readonly RecordedEvent[], coll: C, id: string): Promise<Documents[C] | null> {
  const db = new Database(':memory:');
  try {
    const rm = new SqliteReadModels(db);
    const ctx = new BatchContext(rm);
    for (const raw of events) await applyEvent(ctx, upcast(raw));
    await rm.commit(ctx.changes(), events.length ? events[events.length - 1].position : 0);
    return await rm.get(coll, id);
  } finally {
    db.close();
  }
}

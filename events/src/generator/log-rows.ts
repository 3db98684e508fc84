/**
 * The rows a bulk write of generated stream appends puts in a SQLite log, made without the database: each event's
 * row (its data and metadata as JSON), the position the log will give it, and the changes the inline lookup tables
 * take from it. Pure, so a worker thread can make them while another thread writes the previous batch
 * (bench/scale-log-worker.ts); BulkLogWriter writes them.
 */
import { NO_STREAM, type RecordedEvent } from '../envelope';
import { LOOKUP_EVENT_TYPES, lookupChanges, type LookupChange } from '../lookup/changes';
import { THREAD_LOOKUP_EVENT_TYPES, threadChanges, type ThreadChange } from '../lookup/thread-lookup';
import type { StreamAppend } from '../store/port';

/** The appends a process manager would make for events just written to the log (with their positions), in log order. */
export type LogFollower = (events: RecordedEvent[]) => StreamAppend[];

/** Columns of one event's row, in the order of LOG_ROW_INSERT's parameters. */
export type LogRow = [streamId: string, revision: number, type: string, schemaVersion: number, data: string, metadata: string];

export const LOG_ROW_INSERT = 'INSERT INTO events (stream_id, revision, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?)';

/** One transaction's rows: plain data (structured-cloneable, so it crosses from a worker thread as it is). */
export interface LogBatch {
  rows: LogRow[];
  /** the position the log gives the first row (each next row one more) */
  first: number;
  /** the lookup tables' changes, in log order (empty without lookups) */
  catalogue: LookupChange[];
  threads: ThreadChange[];
}

const CATALOGUE_TYPES: ReadonlySet<string> = new Set(LOOKUP_EVENT_TYPES);
const THREAD_TYPES: ReadonlySet<string> = new Set(THREAD_LOOKUP_EVENT_TYPES);

export class LogRows {
  /** the revision of each stream appended to by a follower (only those may get more events) */
  private readonly revisions = new Map<string, number>();

  /** With `lookups`, each batch carries the lookup tables' changes; `head`: the log's head before the first batch. */
  constructor(
    private readonly lookups: boolean,
    private head = 0,
  ) {}

  /**
   * The rows of every part (each a new stream) and, with `follow`, of the appends it answers for them (which may
   * extend streams that earlier follow appends started), after the log's head `head` (default: this maker's last row).
   */
  batch(appends: StreamAppend[], follow?: LogFollower, head = this.head): LogBatch {
    const rows: LogRow[] = [];
    const first = head + 1;
    const keep = this.lookups || follow !== undefined;
    const recorded: RecordedEvent[] = [];
    const add = (parts: StreamAppend[], followed: boolean) => {
      for (const part of parts) {
        let revision = followed ? (this.revisions.get(part.streamId) ?? NO_STREAM) : NO_STREAM;
        if (part.expected !== revision) throw new Error(`the bulk writer appends new streams, or follows its own (${part.streamId})`);
        for (const e of part.events) {
          revision++;
          rows.push([part.streamId, revision, e.type, e.schemaVersion, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
          // a literal, in the spread's key order ({ ...e, streamId, revision, position }): cheaper than copying by spread
          if (keep)
            recorded.push({
              type: e.type,
              schemaVersion: e.schemaVersion,
              data: e.data,
              metadata: e.metadata,
              streamId: part.streamId,
              revision,
              position: head + rows.length,
            });
        }
        if (followed) this.revisions.set(part.streamId, revision);
      }
    };
    add(appends, false);
    if (follow && rows.length > 0) add(follow(recorded.slice()), true);
    const catalogue: LookupChange[] = [];
    const threads: ThreadChange[] = [];
    if (this.lookups) {
      for (const e of recorded) {
        if (CATALOGUE_TYPES.has(e.type)) catalogue.push(...lookupChanges(e));
        if (THREAD_TYPES.has(e.type)) threads.push(...threadChanges(e));
      }
    }
    this.head = head + rows.length;
    return { rows, first, catalogue, threads };
  }
}

import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  NO_STREAM,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../envelope';
import type { EventHandler, EventStore, ReadAllOptions, ReadStreamOptions, Subscription } from './port';

interface Row {
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT NOT NULL,
  revision INTEGER NOT NULL,
  type TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  UNIQUE (stream_id, revision)
);`;

export interface SqliteEventStoreOptions {
  /** file path, or ':memory:' */
  path: string;
  /** 'normal' survives a process kill (WAL); 'full' also survives power loss. */
  synchronous?: 'normal' | 'full';
  /** poll interval for appends made by other processes. */
  pollMs?: number;
}

function toRecorded(r: Row): RecordedEvent {
  return {
    streamId: r.stream_id,
    revision: r.revision,
    position: r.position,
    type: r.type,
    schemaVersion: r.schema_version,
    data: JSON.parse(r.data),
    metadata: JSON.parse(r.metadata),
  };
}

/** The embedded event store: one SQLite file in WAL mode, one writer, BEGIN IMMEDIATE appends. */
export class SqliteEventStore implements EventStore {
  readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly pollMs: number;
  private readonly subs = new Set<{ stop: () => void }>();
  private readonly stmts;
  private readonly appendTx;

  constructor(options: SqliteEventStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.pollMs = options.pollMs ?? 100;
    this.appended.setMaxListeners(0);
    this.stmts = {
      revision: this.db.prepare<[string], { r: number | null }>('SELECT MAX(revision) AS r FROM events WHERE stream_id = ?'),
      insert: this.db.prepare(
        'INSERT INTO events (stream_id, revision, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      fwd: this.db.prepare<[string, number, number], Row>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
      ),
      back: this.db.prepare<[string, number, number], Row>(
        'SELECT * FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
      ),
      all: this.db.prepare<[number, number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position ASC LIMIT ?'),
      head: this.db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
    };
    this.appendTx = this.db.transaction((streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult => {
      const current = this.stmts.revision.get(streamId)?.r ?? NO_STREAM;
      if (expected !== 'any' && expected !== current) throw new WrongExpectedRevisionError(streamId, expected, current);
      let revision = current;
      let position = 0;
      for (const e of events) {
        revision += 1;
        const info = this.stmts.insert.run(
          streamId,
          revision,
          e.type,
          e.schemaVersion,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
        );
        position = Number(info.lastInsertRowid);
      }
      if (events.length === 0) position = this.stmts.head.get()?.p ?? 0;
      return { nextRevision: revision, position };
    });
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = this.appendTx.immediate(streamId, events, expected);
    if (events.length > 0) this.appended.emit('append', result.position);
    return result;
  }

  /** Appends many streams' events in one transaction (bulk loading, seeding, benchmarks). */
  appendMany(batches: Array<{ streamId: string; events: NewEvent[]; expected: ExpectedRevision }>): AppendResult[] {
    const results = this.db.transaction(() => batches.map((b) => this.appendTx(b.streamId, b.events, b.expected))).immediate();
    if (results.length > 0) this.appended.emit('append', results[results.length - 1].position);
    return results;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const max = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const rows =
      options.direction === 'backwards'
        ? this.stmts.back.all(streamId, options.fromRevision ?? Number.MAX_SAFE_INTEGER, max)
        : this.stmts.fwd.all(streamId, options.fromRevision ?? 0, max);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.stmts.all.all(options.after ?? 0, options.maxCount ?? Number.MAX_SAFE_INTEGER).map(toRecorded);
  }

  async streamRevision(streamId: string): Promise<number> {
    return this.stmts.revision.get(streamId)?.r ?? NO_STREAM;
  }

  async headPosition(): Promise<number> {
    return this.stmts.head.get()?.p ?? 0;
  }

  subscribeAll(after: number, handler: EventHandler, onError?: (err: unknown) => void): Subscription {
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = () => wake?.();
    this.appended.on('append', onAppend);
    const entry = { stop: () => { stopped = true; wake?.(); } };
    this.subs.add(entry);
    const done = (async () => {
      let position = after;
      try {
        while (!stopped) {
          const batch = this.stmts.all.all(position, 500);
          for (const row of batch) {
            if (stopped) return;
            await handler(toRecorded(row));
            position = row.position;
          }
          if (batch.length === 0 && !stopped) {
            await new Promise<void>((resolve) => {
              const t = setTimeout(resolve, this.pollMs);
              wake = () => { clearTimeout(t); resolve(); };
            });
            wake = null;
          }
        }
      } catch (err) {
        if (onError) onError(err);
        else console.error('subscription stopped', err);
      } finally {
        this.appended.off('append', onAppend);
        this.subs.delete(entry);
      }
    })();
    return {
      close: async () => {
        entry.stop();
        await done;
      },
    };
  }

  async close(): Promise<void> {
    for (const s of [...this.subs]) s.stop();
    await new Promise((r) => setImmediate(r));
    if (this.db.open) this.db.close();
  }
}

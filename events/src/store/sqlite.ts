import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { NO_STREAM, WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent, type RecordedEvent } from '../envelope';
import type { EventHandler, EventStore, ReadAllOptions, ReadStreamOptions, StreamAppend, Subscription } from './port';
import { openSqliteFile } from '../sqlite/open-file';
import { WAL_AUTOCHECKPOINT_PAGES, WalCheckpointer } from './wal-checkpointer';
import { toRecorded, toRecordedLazy, type Row } from './sqlite-rows';
import { READ_ALL, SCHEMA, betweenSql } from './sqlite-sql';
import { SharedTail } from './sqlite-tail';

/**
 * A projection run inside the append transaction: its tables live in the log's file and are
 * never behind the log. `apply` gets every event of `types` after its checkpoint, in order.
 */
export interface InlineProjection {
  /** checkpoint key; also names the projection in errors */
  name: string;
  /** event types it reads (others only advance its checkpoint) */
  types: readonly string[];
  /** creates its tables (idempotent); runs once per store instance */
  setup(db: Database.Database): void;
  /** applies one event; false when it changed nothing in the projection's tables */
  apply(db: Database.Database, event: RecordedEvent): boolean | void;
}

export interface SqliteEventStoreOptions {
  /** file path, or ':memory:' */
  path: string;
  /** 'normal' survives a process kill (WAL); 'full' also survives power loss. */
  synchronous?: 'normal' | 'full';
  /** poll interval for appends made by other processes. */
  pollMs?: number;
  /**
   * Checkpoint the WAL from a worker thread after commits (`WalCheckpointer`), so that the event loop seldom runs a
   * checkpoint (and its fsyncs) inside an append. For a long-running server; a file path only.
   */
  checkpointWorker?: boolean;
}

interface GroupedAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(err: unknown): void;
}

/** readInline's mark for "the inline projections were behind": catch up, then read */
const BEHIND = Symbol('behind');

/** The embedded event store: one SQLite file in WAL mode, one writer, BEGIN IMMEDIATE appends. */
export class SqliteEventStore implements EventStore {
  readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly pollMs: number;
  private readonly subs = new Set<{ stop: () => void }>();
  private readonly stmts;
  private readonly appendTx;
  private readonly multiTx;
  private readonly inline: Array<{ projection: InlineProjection; types: Set<string>; select: (after: number, head: number, limit: number) => Row[] }> = [];
  /** grouped appends waiting for the next commit (see appendGrouped) */
  private group: GroupedAppend[] = [];
  /** a grouped append committed alone in this turn: the next ones wait for the group */
  private turnBusy = false;
  private readonly groupTx;
  /** runs a read in one read transaction with the check that the inline projections are current (see readInline) */
  private readonly currentRead: (read: () => unknown) => unknown;
  /** the subscriptions' batches, each read once for all of them */
  private readonly tail = new SharedTail((after) => this.limited(READ_ALL, 500).all(after));
  /** statements by their SQL with the LIMIT written in (see `limited`) */
  private readonly byLimit = new Map<string, Database.Statement<unknown[], Row>>();
  /** events this connection's inline projections applied that changed their tables, committed or not (SqliteInlineLookup.kept) */
  inlineChanges = 0;
  /** the file's data_version when the inline projections were last found at the head (this connection's own appends keep them there) */
  private inlineCurrentAt: number | null = null;
  /** checkpoints the WAL off the event loop (options.checkpointWorker) */
  readonly checkpointer: WalCheckpointer | null;

  constructor(options: SqliteEventStoreOptions) {
    this.db = openSqliteFile(options.path, { synchronous: options.synchronous ?? 'normal' });
    if (options.path !== ':memory:') this.db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    this.checkpointer = options.checkpointWorker && options.path !== ':memory:' ? new WalCheckpointer(options.path) : null;
    this.db.exec(SCHEMA);
    this.pollMs = options.pollMs ?? 100;
    this.appended.setMaxListeners(0);
    this.stmts = {
      revision: this.db.prepare<[string], { r: number | null }>('SELECT MAX(revision) AS r FROM events WHERE stream_id = ?'),
      insert: this.db.prepare('INSERT INTO events (stream_id, revision, type, schema_version, data, metadata) VALUES (?, ?, ?, ?, ?, ?)'),
      head: this.db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
      // changes when another connection (another process) commits to the file; never for this one's own commits
      dataVersion: this.db.prepare<[], number>('PRAGMA data_version').pluck(),
      checkpoint: this.db.prepare<[string], { position: number }>('SELECT position FROM inline_checkpoints WHERE name = ?'),
      setCheckpoint: this.db.prepare(
        'INSERT INTO inline_checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ),
    };
    // each transaction collects the rows it inserts (`written`) for its inline projections
    this.appendTx = this.db.transaction((streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult => {
      const written: Row[] = [];
      const result = this.appendOne(streamId, events, expected, written);
      if (events.length > 0) this.advanceInline(written);
      return result;
    });
    // a revision mismatch is checked before anything is written, so it fails its own append and not the group
    this.groupTx = this.db.transaction((items: GroupedAppend[]): Array<AppendResult | WrongExpectedRevisionError> => {
      const written: Row[] = [];
      const outcomes = items.map((it) => {
        try {
          return this.appendOne(it.streamId, it.events, it.expected, written);
        } catch (err) {
          if (err instanceof WrongExpectedRevisionError) return err;
          throw err;
        }
      });
      this.advanceInline(written);
      return outcomes;
    });
    this.currentRead = this.db.transaction((read: () => unknown) => (this.inlineCurrent() ? read() : BEHIND));
    this.multiTx = this.db.transaction((parts: StreamAppend[]): AppendResult[] => {
      const written: Row[] = [];
      const results = parts.map((p) => this.appendOne(p.streamId, p.events, p.expected, written));
      this.advanceInline(written);
      return results;
    });
  }

  /**
   * `sql` with `LIMIT n` written into the text (none when `limit` is undefined), prepared once per count:
   * a bound `LIMIT ?` costs about 20 µs on every read here, ten times the read of a short stream itself.
   */
  private limited(sql: string, limit: number | undefined): Database.Statement<unknown[], Row> {
    const text = limit === undefined || limit >= Number.MAX_SAFE_INTEGER ? sql : `${sql} LIMIT ${Math.max(0, Math.floor(limit))}`;
    let stmt = this.byLimit.get(text);
    if (!stmt) {
      if (this.byLimit.size >= 64) this.byLimit.clear();
      this.byLimit.set(text, (stmt = this.db.prepare<unknown[], Row>(text)));
    }
    return stmt;
  }

  /** Inserts one stream's events (after checking its revision), adding the rows to `written` when inline projections need them. */
  private appendOne(streamId: string, events: NewEvent[], expected: ExpectedRevision, written: Row[]): AppendResult {
    const current = this.stmts.revision.get(streamId)?.r ?? NO_STREAM;
    if (expected !== 'any' && expected !== current) throw new WrongExpectedRevisionError(streamId, expected, current);
    let revision = current;
    let position = 0;
    for (const e of events) {
      revision += 1;
      const data = JSON.stringify(e.data);
      const metadata = JSON.stringify(e.metadata);
      position = Number(this.stmts.insert.run(streamId, revision, e.type, e.schemaVersion, data, metadata).lastInsertRowid);
      if (this.inline.length > 0) written.push({ position, stream_id: streamId, revision, type: e.type, schema_version: e.schemaVersion, data, metadata });
    }
    if (events.length === 0) position = this.stmts.head.get()?.p ?? 0;
    return { nextRevision: revision, position };
  }

  /**
   * Runs every inline projection over the events after its checkpoint, up to the head (or `window`
   * positions further). Inside a write transaction: in each append, and when a reader finds a
   * projection behind (an older file, or a process that appended without the projection installed).
   * A projection whose checkpoint is just before the rows this transaction inserted (`written`) is given those rows
   * as they were written, without reading them back: the transaction holds the write lock, so they are all the events
   * after its checkpoint. True when every projection reached the head.
   */
  private advanceInline(written: Row[], window = Number.MAX_SAFE_INTEGER): boolean {
    // the head is this transaction's last row when it wrote any (nothing else writes while it holds the lock)
    const head = written.length > 0 ? written[written.length - 1].position : (this.stmts.head.get()?.p ?? 0);
    let current = true;
    for (const { projection, types, select } of this.inline) {
      let at = this.stmts.checkpoint.get(projection.name)?.position ?? 0;
      if (at >= head) continue;
      if (written.length > 0 && at === written[0].position - 1) {
        for (const row of written) if (types.has(row.type) && projection.apply(this.db, toRecordedLazy(row)) !== false) this.inlineChanges++;
        this.stmts.setCheckpoint.run(projection.name, head);
        continue;
      }
      const target = Math.min(head, at + window);
      for (;;) {
        const rows = select(at, target, 1000);
        for (const row of rows) if (projection.apply(this.db, toRecordedLazy(row)) !== false) this.inlineChanges++;
        if (rows.length < 1000) break;
        at = rows[rows.length - 1].position;
      }
      this.stmts.setCheckpoint.run(projection.name, target);
      if (target < head) current = false;
    }
    return current;
  }

  /**
   * Installs a projection that runs inside every append transaction of this store instance. Events
   * already in the log are applied at once (one-time; the checkpoint is kept in the file, so the next
   * process opening it starts where this one stopped).
   */
  addInlineProjection(projection: InlineProjection): void {
    if (this.inline.some((p) => p.projection.name === projection.name)) return;
    projection.setup(this.db);
    this.inlineCurrentAt = null;
    const sql = betweenSql(projection.types);
    this.inline.push({
      projection,
      types: new Set(projection.types),
      select: (after, head, limit) => this.limited(sql, limit).all(after, head, ...projection.types),
    });
    this.catchUpInline();
  }

  /** The file's `PRAGMA data_version`: it changes when another connection commits to the file, never for this store's own commits. */
  dataVersion(): number {
    return this.stmts.dataVersion.get() ?? 0;
  }

  /** True when the inline projections are at the head (reads only). */
  private inlineCurrent(): boolean {
    // nothing committed by another connection since they were last found current: still current
    const version = this.dataVersion();
    if (version === this.inlineCurrentAt) return true;
    const head = this.stmts.head.get()?.p ?? 0;
    if (!this.inline.every((p) => (this.stmts.checkpoint.get(p.projection.name)?.position ?? 0) >= head)) return false;
    this.inlineCurrentAt = version;
    return true;
  }

  /**
   * `read` (synchronous reads of the inline projections' tables) with the projections at the head. When they are
   * (nearly always), the check and the read share one read transaction: one lock of the file where there were two.
   */
  readInline<T>(read: () => T): T {
    if (this.inline.length === 0) return read();
    const found = this.currentRead(read);
    if (found !== BEHIND) return found as T;
    this.catchUpInline();
    return read();
  }

  /** Brings inline projections up to the head when they are behind; true when they were already current. */
  catchUpInline(): boolean {
    if (this.inline.length === 0 || this.inlineCurrent()) return true;
    const version = this.dataVersion();
    // a long gap (a log written before the projection) goes in bounded transactions, so other writers wait little
    const step = this.db.transaction(() => this.advanceInline([], 20_000));
    while (!step.immediate()) {
      /* next window */
    }
    this.inlineCurrentAt = version;
    return false;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = this.appendTx.immediate(streamId, events, expected);
    if (events.length > 0) this.committed(result.position);
    return result;
  }

  /**
   * The first grouped append of a turn of the event loop commits at once, alone (no wait when appends are
   * few); the ones that follow in the same turn wait for the next, and commit together.
   */
  appendGrouped(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return this.append(streamId, events, expected);
    if (!this.turnBusy) {
      this.turnBusy = true;
      setImmediate(() => this.commitGroup());
      return this.append(streamId, events, expected);
    }
    return new Promise((resolve, reject) => void this.group.push({ streamId, events, expected, resolve, reject }));
  }

  /** Writes the waiting grouped appends in one transaction, then settles each (only after the commit). */
  private commitGroup(): void {
    const items = this.group;
    this.group = [];
    this.turnBusy = false;
    if (items.length === 0 || !this.db.open) {
      for (const it of items) it.reject(new Error('the event store is closed'));
      return;
    }
    let outcomes: Array<AppendResult | WrongExpectedRevisionError>;
    try {
      outcomes = this.groupTx.immediate(items);
    } catch {
      // the group failed as a whole (an inline projection, the file): each append on its own, as `append` does
      for (const it of items) this.append(it.streamId, it.events, it.expected).then(it.resolve, it.reject);
      return;
    }
    const written = outcomes.filter((o): o is AppendResult => !(o instanceof WrongExpectedRevisionError));
    if (written.length) this.committed(Math.max(...written.map((r) => r.position)));
    outcomes.forEach((o, i) => (o instanceof WrongExpectedRevisionError ? items[i].reject(o) : items[i].resolve(o)));
  }

  /** Appends many streams' events in one transaction (bulk loading, seeding, benchmarks). */
  appendMany(batches: StreamAppend[]): AppendResult[] {
    const results = this.multiTx.immediate(batches);
    if (results.some((r, i) => batches[i].events.length > 0)) this.committed(Math.max(...results.map((r) => r.position)));
    return results;
  }

  /** After a commit that wrote events: wakes the subscriptions, and asks for a checkpoint off the loop. */
  private committed(position: number): void {
    this.appended.emit('append', position);
    this.checkpointer?.nudge();
  }

  async appendMulti(parts: StreamAppend[]): Promise<AppendResult[]> {
    return this.appendMany(parts);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const sql = backwards
      ? 'SELECT * FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC'
      : 'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC';
    const rows = this.limited(sql, options.maxCount).all(streamId, from);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { types, upTo } = options;
    if (!types && upTo === undefined)
      return this.limited(READ_ALL, options.maxCount)
        .all(options.after ?? 0)
        .map(toRecorded);
    if (types?.length === 0) return [];
    return this.limited(betweenSql(types), options.maxCount)
      .all(options.after ?? 0, upTo ?? Number.MAX_SAFE_INTEGER, ...(types ?? []))
      .map(toRecorded);
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
    const entry = {
      stop: () => {
        stopped = true;
        wake?.();
      },
    };
    this.subs.add(entry);
    // named, so a CPU profile shows the deliveries by name (bench/command-path.ts)
    const tailSubscription = async () => {
      let position = after;
      try {
        while (!stopped) {
          const batch = this.tail.after(position);
          for (const e of batch) {
            if (stopped) return;
            await handler(e);
            position = e.position;
          }
          // a subscriber catching up a long way (a process manager's first start over a big log) lets requests run between batches
          if (batch.length === 500) await yieldToRequests();
          if (batch.length === 0 && !stopped) {
            await new Promise<void>((resolve) => {
              const t = setTimeout(resolve, this.pollMs);
              wake = () => {
                clearTimeout(t);
                resolve();
              };
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
    };
    const done = tailSubscription();
    return {
      close: async () => {
        entry.stop();
        await done;
      },
    };
  }

  async close(): Promise<void> {
    this.commitGroup();
    for (const s of [...this.subs]) s.stop();
    await new Promise((r) => setImmediate(r));
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}

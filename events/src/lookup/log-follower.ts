import Database from 'better-sqlite3';
import type { RecordedEvent } from '../envelope';
import type { EventStore } from '../store/port';
import { openSqliteFile } from '../sqlite/open-file';

export interface LogFollowerOptions<T> {
  /** SQLite file of the tables and their checkpoint (':memory:' rebuilds them each start) */
  path: string;
  /** the table holding the checkpoint (the log position applied so far) */
  checkpointTable: string;
  /** events read per page while catching up */
  pageSize: number;
  /** the tables, made once the database is open */
  tables: (db: Database.Database) => T;
  /** applies one event of the log to the tables */
  apply: (tables: T, event: RecordedEvent) => void;
}

/**
 * Tables in a local SQLite file brought to an event store's head before every answer (for stores that
 * cannot run a projection inside their append). `current()` applies what was appended since the file's
 * checkpoint, page by page; processes sharing the file apply each page once.
 */
export class LogFollower<T> {
  private readonly db: Database.Database;
  private readonly tables: T;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly checkpoint;
  private readonly setCheckpoint;

  constructor(
    private readonly store: EventStore,
    private readonly options: LogFollowerOptions<T>,
  ) {
    const table = options.checkpointTable;
    this.db = openSqliteFile(options.path);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL)`);
    this.tables = options.tables(this.db);
    this.checkpoint = this.db.prepare<[], { position: number }>(`SELECT position FROM ${table} WHERE id = 1`);
    this.setCheckpoint = this.db.prepare(`INSERT INTO ${table} (id, position) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET position = excluded.position`);
  }

  /** Reads what was appended since the last answer; queued, so a caller never joins a read that began before its append. */
  current(): Promise<T> {
    const { pageSize, apply } = this.options;
    const run = this.queue.then(async () => {
      for (;;) {
        const after = this.checkpoint.get()?.position ?? 0;
        const page = await this.store.readAll({ after, maxCount: pageSize });
        if (page.length === 0) return this.tables;
        // another process sharing the file may have applied this page meanwhile: apply only from the checkpoint read
        this.db
          .transaction(() => {
            if ((this.checkpoint.get()?.position ?? 0) !== after) return;
            for (const e of page) apply(this.tables, e);
            this.setCheckpoint.run(page[page.length - 1].position);
          })
          .immediate();
        if (page.length < pageSize) return this.tables;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.queue;
    if (this.db.open) this.db.close();
  }
}

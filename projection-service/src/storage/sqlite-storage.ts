import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { DocChange } from '../read-model/port';
import { SqliteReadModels } from '../read-model/sqlite';
import type { SearchChange } from '../search/port';
import { SqliteSearchIndex } from '../search/sqlite-search';
import type { ProjectionStorage } from './port';
import { openSqliteFile } from '@modshelf/events';

export const PROJECTIONS_FILE = 'projections.sqlite';
/**
 * Layout version of the projections file. A file written by another version is
 * emptied on open, so the runner rebuilds it from the log (projections are disposable).
 * 4: the threads collection (moderation, comment and report threads of existing projects and reports).
 */
export const PROJECTIONS_SCHEMA = 4;
export const projectionsPath = (dataDir: string) => join(dataDir, PROJECTIONS_FILE);

/** One SQLite file holding the read models, the FTS5 search index and the checkpoint, written in one transaction. */
export class SqliteProjectionStorage implements ProjectionStorage {
  readonly db: Database.Database;
  readonly readModels: SqliteReadModels;
  readonly search: SqliteSearchIndex;
  private readonly tx;

  /**
   * `bulk`: a throw-away rebuild target (replay into a fresh file that is compared or
   * swapped in afterwards): no fsync, an in-memory rollback journal and a larger cache.
   * A crash during a bulk rebuild loses only the rebuild, never the log.
   */
  constructor(path: string, options: { bulk?: boolean } = {}) {
    if (options.bulk) {
      this.db = openSqliteFile(path, { journal: 'memory', synchronous: 'off' });
      this.db.pragma('cache_size = -262144');
    } else {
      this.db = openSqliteFile(path, { synchronous: 'normal' });
      this.db.pragma('cache_size = -16384');
      this.db.pragma('wal_autocheckpoint = 8000');
    }
    this.readModels = new SqliteReadModels(this.db, 'projections');
    this.search = new SqliteSearchIndex(this.db, 'projections');
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version !== PROJECTIONS_SCHEMA) {
      if (this.readModels.checkpointSync() > 0) {
        const after = this.db
          .transaction(() => {
            this.readModels.resetSync();
            return this.search.resetSync();
          })
          .immediate();
        after();
      }
      this.db.pragma(`user_version = ${PROJECTIONS_SCHEMA}`);
    }
    this.tx = this.db.transaction((docs: readonly DocChange[], search: readonly SearchChange[], position: number) => {
      this.readModels.applySync(docs);
      const after = this.search.applySync(search);
      this.readModels.setCheckpointSync(position);
      return after;
    });
  }

  checkpointSync(): number {
    return this.readModels.checkpointSync();
  }

  async checkpoint(): Promise<number> {
    return this.checkpointSync();
  }

  commitSync(docs: readonly DocChange[], search: readonly SearchChange[], position: number): void {
    const after = this.tx.immediate(docs, search, position);
    after();
  }

  async commit(docs: readonly DocChange[], search: readonly SearchChange[], position: number): Promise<void> {
    this.commitSync(docs, search, position);
  }

  async reset(): Promise<void> {
    const after = this.db
      .transaction(() => {
        this.readModels.resetSync();
        return this.search.resetSync();
      })
      .immediate();
    after();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

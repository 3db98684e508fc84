import Database from 'better-sqlite3';
import type { EventStore } from '../store/port';
import { LOOKUP_EVENT_TYPES, lookupChanges } from './changes';
import type { CatalogueLookup, VersionRef } from './port';
import { LookupTables } from './tables';

export interface FollowingLookupOptions {
  /**
   * SQLite file that keeps the index and its checkpoint across restarts (processes may share it);
   * ':memory:' (default) rebuilds it each start.
   */
  path?: string;
  /** events read per page while catching up */
  pageSize?: number;
}

const relevant = new Set<string>(LOOKUP_EVENT_TYPES);

/**
 * The lookup for stores that cannot run a projection inside their append (EventStoreDB): the same
 * tables, kept in a local SQLite file and brought to the store's head before every answer
 * (a read model read at the command's position). Given a file, a restart reads only what was
 * appended since its checkpoint; in memory, the first answer reads the whole log.
 */
export class FollowingLookup implements CatalogueLookup {
  private readonly db: Database.Database;
  private readonly tables: LookupTables;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly checkpoint;
  private readonly setCheckpoint;
  private readonly pageSize: number;

  constructor(
    private readonly store: EventStore,
    options: FollowingLookupOptions = {},
  ) {
    this.db = new Database(options.path ?? ':memory:');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec('CREATE TABLE IF NOT EXISTS lookup_checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1), position INTEGER NOT NULL)');
    this.tables = new LookupTables(this.db);
    this.checkpoint = this.db.prepare<[], { position: number }>('SELECT position FROM lookup_checkpoint WHERE id = 1');
    this.setCheckpoint = this.db.prepare(
      'INSERT INTO lookup_checkpoint (id, position) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET position = excluded.position',
    );
    this.pageSize = options.pageSize ?? 5000;
  }

  /** Reads what was appended since the last answer; queued, so a caller never joins a read that began before its append. */
  private current(): Promise<LookupTables> {
    const run = this.queue.then(async () => {
      for (;;) {
        const after = this.checkpoint.get()?.position ?? 0;
        const page = await this.store.readAll({ after, maxCount: this.pageSize });
        if (page.length === 0) return this.tables;
        // another process sharing the file may have applied this page meanwhile: apply only from the checkpoint read
        this.db
          .transaction(() => {
            if ((this.checkpoint.get()?.position ?? 0) !== after) return;
            for (const e of page) if (relevant.has(e.type)) this.tables.apply(lookupChanges(e));
            this.setCheckpoint.run(page[page.length - 1].position);
          })
          .immediate();
        if (page.length < this.pageSize) return this.tables;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async projectId(idOrSlug: string): Promise<string | null> {
    return (await this.current()).projectId(idOrSlug);
  }
  async projectSlugOwner(slug: string): Promise<string | null> {
    return (await this.current()).projectSlugOwner(slug);
  }
  async projectOfTeam(teamId: string): Promise<string | null> {
    return (await this.current()).projectOfTeam(teamId);
  }
  async liveVersionCount(projectId: string): Promise<number> {
    return (await this.current()).liveVersionCount(projectId);
  }
  async version(versionId: string): Promise<VersionRef | null> {
    return (await this.current()).version(versionId);
  }
  async versionsWithHash(hash: string): Promise<string[]> {
    return (await this.current()).versionsWithHash(hash);
  }
  async userExists(userId: string): Promise<boolean> {
    return (await this.current()).userExists(userId);
  }
  async userId(idOrUsername: string): Promise<string | null> {
    return (await this.current()).userId(idOrUsername);
  }
  async organizationId(idOrSlug: string): Promise<string | null> {
    return (await this.current()).organizationId(idOrSlug);
  }
  async organizationSlugOwner(slug: string): Promise<string | null> {
    return (await this.current()).organizationSlugOwner(slug);
  }
  async organizationOfTeam(teamId: string): Promise<string | null> {
    return (await this.current()).organizationOfTeam(teamId);
  }
  async organizationOf(projectId: string): Promise<string | null> {
    return (await this.current()).organizationOf(projectId);
  }
  async close(): Promise<void> {
    await this.queue;
    if (this.db.open) this.db.close();
  }
}

import type { RecordedEvent } from '../envelope';
import type { InlineProjection, SqliteEventStore } from '../store/sqlite';
import { LOOKUP_EVENT_TYPES, lookupChanges } from './changes';
import type { CatalogueLookup, ProjectRef, VersionRef } from './port';
import { LookupTables } from './tables';

/** The lookup's inline projection: its tables sit in the log's file and change in the append's transaction. */
export function lookupProjection(): InlineProjection {
  let tables: LookupTables | null = null;
  return {
    name: 'catalogue-lookup',
    types: LOOKUP_EVENT_TYPES,
    setup(db) {
      tables = new LookupTables(db);
    },
    apply(_db, event: RecordedEvent) {
      tables!.apply(lookupChanges(event));
    },
  };
}

/**
 * The lookup of the embedded profile and of replicas sharing one SQLite log: indexed reads of
 * tables that every append updates in its own transaction, so every process reading the file
 * sees exactly what the log holds. Nothing is folded at start; a log written before the tables
 * existed (or by a process without them) is caught up once, inside a write transaction.
 */
export class SqliteInlineLookup implements CatalogueLookup {
  private readonly tables: LookupTables;

  constructor(private readonly store: SqliteEventStore) {
    store.addInlineProjection(lookupProjection());
    this.tables = new LookupTables(store.db);
  }

  /** `query` on the tables, the inline projection at the head (checked in the same read transaction) */
  private current<T>(query: (tables: LookupTables) => T): T {
    return this.store.readInline(() => query(this.tables));
  }

  async projectId(idOrSlug: string): Promise<string | null> {
    return this.current((t) => t.projectId(idOrSlug));
  }
  async projectSlugOwner(slug: string): Promise<string | null> {
    return this.current((t) => t.projectSlugOwner(slug));
  }
  async projectOfTeam(teamId: string): Promise<string | null> {
    return this.current((t) => t.projectOfTeam(teamId));
  }
  async liveVersionCount(projectId: string): Promise<number> {
    return this.current((t) => t.liveVersionCount(projectId));
  }
  async version(versionId: string): Promise<VersionRef | null> {
    return this.current((t) => t.version(versionId));
  }
  async versionsWithHash(hash: string): Promise<string[]> {
    return this.current((t) => t.versionsWithHash(hash));
  }
  async userExists(userId: string): Promise<boolean> {
    return this.current((t) => t.userExists(userId));
  }
  async userId(idOrUsername: string): Promise<string | null> {
    return this.current((t) => t.userId(idOrUsername));
  }
  async organizationId(idOrSlug: string): Promise<string | null> {
    return this.current((t) => t.organizationId(idOrSlug));
  }
  async organizationSlugOwner(slug: string): Promise<string | null> {
    return this.current((t) => t.organizationSlugOwner(slug));
  }
  async organizationOfTeam(teamId: string): Promise<string | null> {
    return this.current((t) => t.organizationOfTeam(teamId));
  }
  async organizationOf(projectId: string): Promise<string | null> {
    return this.current((t) => t.organizationOf(projectId));
  }
  async projectWithOrganization(idOrSlug: string): Promise<ProjectRef | null> {
    return this.current((t) => t.projectWithOrganization(idOrSlug));
  }
  /** The tables belong to the store's file: closing the lookup leaves them to the store. */
  async close(): Promise<void> {}
}

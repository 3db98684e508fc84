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
      const changes = lookupChanges(event);
      if (changes.length === 0) return false;
      tables!.apply(changes);
      return true;
    },
  };
}

/** How many answers the lookup keeps before it starts over. */
export const KEPT_ANSWERS = 10_000;

/**
 * The lookup of the embedded profile and of replicas sharing one SQLite log: indexed reads of
 * tables that every append updates in its own transaction, so every process reading the file
 * sees exactly what the log holds. Nothing is folded at start; a log written before the tables
 * existed (or by a process without them) is caught up once, inside a write transaction.
 */
export class SqliteInlineLookup implements CatalogueLookup {
  private readonly tables: LookupTables;
  /** answers by question (see `kept`), frozen: callers share them */
  private readonly answers = new Map<string, unknown>();
  /** the file's data_version and the store's count of inline changes when the kept answers were read */
  private answersAt: { version: number; changes: number } | null = null;

  constructor(private readonly store: SqliteEventStore) {
    store.addInlineProjection(lookupProjection());
    this.tables = new LookupTables(store.db);
  }

  /** `query` on the tables, the inline projection at the head (checked in the same read transaction) */
  private current<T>(query: (tables: LookupTables) => T): T {
    return this.store.readInline(() => query(this.tables));
  }

  /**
   * `current(query)`, kept under `question` while the tables cannot have changed: this store's own appends that change
   * them count in its `inlineChanges`, and a commit by another connection to the file (another process, another store)
   * changes its data_version; either drops every kept answer. Both are read before the answer, so an answer is at least
   * as new as what it is kept under, and the next change after it drops it. A command's lookups then cost one short
   * read instead of a read transaction with its queries. `versionsWithHash` is not kept: its answer is a list that
   * callers may change.
   */
  private kept<T>(question: string, query: (tables: LookupTables) => T): T {
    const version = this.store.dataVersion();
    const changes = this.store.inlineChanges;
    if (this.answersAt?.version !== version || this.answersAt.changes !== changes) {
      this.answers.clear();
      this.answersAt = { version, changes };
    }
    // no answer is undefined (each is a value or null)
    const kept = this.answers.get(question);
    if (kept !== undefined) return kept as T;
    const answer = this.current(query);
    // read inside a write transaction of this connection, the answer could be rolled back with it
    if (this.store.db.inTransaction) return answer;
    if (answer !== null && typeof answer === 'object') Object.freeze(answer);
    if (this.answers.size >= KEPT_ANSWERS) this.answers.clear();
    this.answers.set(question, answer);
    return answer;
  }

  async projectId(idOrSlug: string): Promise<string | null> {
    return this.kept(`projectId\0${idOrSlug}`, (t) => t.projectId(idOrSlug));
  }
  async projectSlugOwner(slug: string): Promise<string | null> {
    return this.kept(`projectSlugOwner\0${slug}`, (t) => t.projectSlugOwner(slug));
  }
  async projectOfTeam(teamId: string): Promise<string | null> {
    return this.kept(`projectOfTeam\0${teamId}`, (t) => t.projectOfTeam(teamId));
  }
  async liveVersionCount(projectId: string): Promise<number> {
    return this.kept(`liveVersionCount\0${projectId}`, (t) => t.liveVersionCount(projectId));
  }
  async version(versionId: string): Promise<VersionRef | null> {
    return this.kept(`version\0${versionId}`, (t) => t.version(versionId));
  }
  async versionsWithHash(hash: string): Promise<string[]> {
    return this.current((t) => t.versionsWithHash(hash));
  }
  async userExists(userId: string): Promise<boolean> {
    return this.kept(`userExists\0${userId}`, (t) => t.userExists(userId));
  }
  async userId(idOrUsername: string): Promise<string | null> {
    return this.kept(`userId\0${idOrUsername}`, (t) => t.userId(idOrUsername));
  }
  async organizationId(idOrSlug: string): Promise<string | null> {
    return this.kept(`organizationId\0${idOrSlug}`, (t) => t.organizationId(idOrSlug));
  }
  async organizationSlugOwner(slug: string): Promise<string | null> {
    return this.kept(`organizationSlugOwner\0${slug}`, (t) => t.organizationSlugOwner(slug));
  }
  async organizationOfTeam(teamId: string): Promise<string | null> {
    return this.kept(`organizationOfTeam\0${teamId}`, (t) => t.organizationOfTeam(teamId));
  }
  async organizationOf(projectId: string): Promise<string | null> {
    return this.kept(`organizationOf\0${projectId}`, (t) => t.organizationOf(projectId));
  }
  async projectWithOrganization(idOrSlug: string): Promise<ProjectRef | null> {
    return this.kept(`projectWithOrganization\0${idOrSlug}`, (t) => t.projectWithOrganization(idOrSlug));
  }
  /** The tables belong to the store's file: closing the lookup leaves them to the store. */
  async close(): Promise<void> {}
}

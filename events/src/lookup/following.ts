import type { EventStore } from '../store/port';
import { LOOKUP_EVENT_TYPES, lookupChanges } from './changes';
import type { CatalogueLookup, ProjectRef, VersionRef } from './port';
import { LogFollower } from './log-follower';
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
  private readonly follower: LogFollower<LookupTables>;

  constructor(store: EventStore, options: FollowingLookupOptions = {}) {
    this.follower = new LogFollower(store, {
      path: options.path ?? ':memory:',
      checkpointTable: 'lookup_checkpoint',
      pageSize: options.pageSize ?? 5000,
      tables: (db) => new LookupTables(db),
      apply: (tables, e) => {
        if (relevant.has(e.type)) tables.apply(lookupChanges(e));
      },
    });
  }

  private current(): Promise<LookupTables> {
    return this.follower.current();
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
  async projectWithOrganization(idOrSlug: string): Promise<ProjectRef | null> {
    return (await this.current()).projectWithOrganization(idOrSlug);
  }
  close(): Promise<void> {
    return this.follower.close();
  }
}

/** A live project as commands need it: its id, and the organization it belongs to (null: none). */
export interface ProjectRef {
  id: string;
  organizationId: string | null;
}

/** A live version as commands need it. */
export interface VersionRef {
  projectId: string;
}

/**
 * What commands must find before they can load a stream: ids behind slugs, usernames, teams
 * and file hashes. Every replica reads the same store-backed index, so an answer never depends
 * on which process serves the command. Every adapter passes lookup/contract.ts.
 */
export interface CatalogueLookup {
  /** A live project's id from its id or slug (slugs are case-insensitive). */
  projectId(idOrSlug: string): Promise<string | null>;
  /** Who holds a project slug (or has it as an id), case-insensitively. */
  projectSlugOwner(slug: string): Promise<string | null>;
  /** The live project whose team this is. */
  projectOfTeam(teamId: string): Promise<string | null>;
  /** Number of live versions of a project. */
  liveVersionCount(projectId: string): Promise<number>;
  /** A live version (its project may be deleted: check with projectId). */
  version(versionId: string): Promise<VersionRef | null>;
  /** Live versions of live projects holding a file with this sha1 or sha512. */
  versionsWithHash(hash: string): Promise<string[]>;
  userExists(userId: string): Promise<boolean>;
  /** A user's id from its id or username (case-insensitive). */
  userId(idOrUsername: string): Promise<string | null>;
  /** A live organization's id from its id or slug (case-insensitive). */
  organizationId(idOrSlug: string): Promise<string | null>;
  /** Who holds an organization slug (or has it as an id). */
  organizationSlugOwner(slug: string): Promise<string | null>;
  /** The live organization whose team this is (Modrinth's team routes serve organization teams too). */
  organizationOfTeam(teamId: string): Promise<string | null>;
  /** The organization a project belongs to. */
  organizationOf(projectId: string): Promise<string | null>;
  /**
   * A live project's id from its id or slug, with the organization it belongs to, in one read (a project command needs
   * both: in the SQLite log's file, each read costs more to start than to answer).
   */
  projectWithOrganization(idOrSlug: string): Promise<ProjectRef | null>;
  close(): Promise<void>;
}

import type Database from 'better-sqlite3';
import type { LookupChange } from './changes';
import type { ProjectRef, VersionRef } from './port';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS lookup_project (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  slug_lower TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS lookup_project_slug ON lookup_project (slug_lower) WHERE deleted = 0;
CREATE INDEX IF NOT EXISTS lookup_project_team ON lookup_project (team_id);
CREATE TABLE IF NOT EXISTS lookup_version (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS lookup_version_project ON lookup_version (project_id) WHERE deleted = 0;
CREATE TABLE IF NOT EXISTS lookup_version_file (
  version_id TEXT NOT NULL,
  sha1 TEXT NOT NULL,
  sha512 TEXT NOT NULL,
  PRIMARY KEY (version_id, sha1)
);
CREATE INDEX IF NOT EXISTS lookup_version_file_sha1 ON lookup_version_file (sha1);
CREATE INDEX IF NOT EXISTS lookup_version_file_sha512 ON lookup_version_file (sha512);
CREATE TABLE IF NOT EXISTS lookup_user (
  id TEXT PRIMARY KEY,
  username_lower TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lookup_user_name ON lookup_user (username_lower);
CREATE TABLE IF NOT EXISTS lookup_organization (
  id TEXT PRIMARY KEY,
  slug_lower TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS lookup_organization_slug ON lookup_organization (slug_lower) WHERE deleted = 0;
CREATE TABLE IF NOT EXISTS lookup_project_organization (
  project_id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lookup_project_organization_org ON lookup_project_organization (organization_id);
CREATE TABLE IF NOT EXISTS lookup_organization_team (
  team_id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL
);
`;

type Id = { id: string };

/**
 * The lookup index as SQLite tables: writes apply LookupChanges, reads answer the port's
 * questions with indexed queries. Used inside the log's own file (inline) or in a follower's file.
 */
export class LookupTables {
  private readonly w;
  private readonly r;

  constructor(readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.w = {
      project: db.prepare(
        'INSERT INTO lookup_project (id, team_id, slug_lower, deleted) VALUES (?, ?, ?, 0) ON CONFLICT (id) DO UPDATE SET team_id = excluded.team_id, slug_lower = excluded.slug_lower, deleted = 0',
      ),
      projectSlug: db.prepare('UPDATE lookup_project SET slug_lower = ? WHERE id = ?'),
      projectDeleted: db.prepare('UPDATE lookup_project SET deleted = 1 WHERE id = ?'),
      version: db.prepare(
        'INSERT INTO lookup_version (id, project_id, deleted) VALUES (?, ?, 0) ON CONFLICT (id) DO UPDATE SET project_id = excluded.project_id, deleted = 0',
      ),
      file: db.prepare('INSERT OR REPLACE INTO lookup_version_file (version_id, sha1, sha512) VALUES (?, ?, ?)'),
      fileRemoved: db.prepare('DELETE FROM lookup_version_file WHERE version_id = ? AND sha1 = ?'),
      versionDeleted: db.prepare('UPDATE lookup_version SET deleted = 1 WHERE id = ?'),
      user: db.prepare('INSERT OR REPLACE INTO lookup_user (id, username_lower) VALUES (?, ?)'),
      userRenamed: db.prepare('UPDATE lookup_user SET username_lower = ? WHERE id = ?'),
      userDeleted: db.prepare('DELETE FROM lookup_user WHERE id = ?'),
      organization: db.prepare(
        'INSERT INTO lookup_organization (id, slug_lower, deleted) VALUES (?, ?, 0) ON CONFLICT (id) DO UPDATE SET slug_lower = excluded.slug_lower, deleted = 0',
      ),
      organizationSlug: db.prepare('UPDATE lookup_organization SET slug_lower = ? WHERE id = ? AND deleted = 0'),
      organizationDeleted: db.prepare('UPDATE lookup_organization SET deleted = 1 WHERE id = ?'),
      organizationTeam: db.prepare('INSERT OR REPLACE INTO lookup_organization_team (team_id, organization_id) VALUES (?, ?)'),
      organizationTeamDropped: db.prepare('DELETE FROM lookup_organization_team WHERE organization_id = ?'),
      organizationProjectsDropped: db.prepare('DELETE FROM lookup_project_organization WHERE organization_id = ?'),
      projectOrganization: db.prepare('INSERT OR REPLACE INTO lookup_project_organization (project_id, organization_id) VALUES (?, ?)'),
      projectOrganizationRemoved: db.prepare('DELETE FROM lookup_project_organization WHERE project_id = ? AND organization_id = ?'),
    };
    this.r = {
      liveProject: db.prepare<[string], Id>('SELECT id FROM lookup_project WHERE id = ? AND deleted = 0'),
      projectBySlug: db.prepare<[string], Id>('SELECT id FROM lookup_project WHERE slug_lower = ? AND deleted = 0 ORDER BY rowid DESC LIMIT 1'),
      projectByTeam: db.prepare<[string], Id>('SELECT id FROM lookup_project WHERE team_id = ? AND deleted = 0 LIMIT 1'),
      versionCount: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM lookup_version WHERE project_id = ? AND deleted = 0'),
      version: db.prepare<[string], { project_id: string }>('SELECT project_id FROM lookup_version WHERE id = ? AND deleted = 0'),
      hash: db.prepare<[string, string], Id>(
        `SELECT DISTINCT v.id AS id FROM lookup_version_file f
           JOIN lookup_version v ON v.id = f.version_id AND v.deleted = 0
           JOIN lookup_project p ON p.id = v.project_id AND p.deleted = 0
         WHERE f.sha1 = ? OR f.sha512 = ? ORDER BY v.rowid`,
      ),
      user: db.prepare<[string], Id>('SELECT id FROM lookup_user WHERE id = ?'),
      userByName: db.prepare<[string], Id>('SELECT id FROM lookup_user WHERE username_lower = ? ORDER BY rowid DESC LIMIT 1'),
      liveOrganization: db.prepare<[string], Id>('SELECT id FROM lookup_organization WHERE id = ? AND deleted = 0'),
      organizationBySlug: db.prepare<[string], Id>('SELECT id FROM lookup_organization WHERE slug_lower = ? AND deleted = 0 ORDER BY rowid DESC LIMIT 1'),
      organizationOfTeam: db.prepare<[string], { organization_id: string }>('SELECT organization_id FROM lookup_organization_team WHERE team_id = ?'),
      organizationOf: db.prepare<[string], { organization_id: string }>('SELECT organization_id FROM lookup_project_organization WHERE project_id = ?'),
    };
  }

  apply(changes: LookupChange[]): void {
    const w = this.w;
    for (const c of changes) {
      switch (c.kind) {
        case 'project':
          w.project.run(c.id, c.teamId, c.slug.toLowerCase());
          if (c.organizationId) w.projectOrganization.run(c.id, c.organizationId);
          break;
        case 'project-slug':
          w.projectSlug.run(c.slug.toLowerCase(), c.id);
          break;
        case 'project-deleted':
          w.projectDeleted.run(c.id);
          break;
        case 'version':
          w.version.run(c.id, c.projectId);
          for (const f of c.files) w.file.run(c.id, f.sha1.toLowerCase(), f.sha512.toLowerCase());
          break;
        case 'version-file':
          w.file.run(c.versionId, c.sha1.toLowerCase(), c.sha512.toLowerCase());
          break;
        case 'version-file-removed':
          w.fileRemoved.run(c.versionId, c.sha1.toLowerCase());
          break;
        case 'version-deleted':
          w.versionDeleted.run(c.id);
          break;
        case 'user':
          w.user.run(c.id, c.username.toLowerCase());
          break;
        case 'user-renamed':
          w.userRenamed.run(c.username.toLowerCase(), c.id);
          break;
        case 'user-deleted':
          w.userDeleted.run(c.id);
          break;
        case 'organization':
          w.organization.run(c.id, c.slug.toLowerCase());
          w.organizationTeam.run(c.teamId, c.id);
          break;
        case 'organization-slug':
          w.organizationSlug.run(c.slug.toLowerCase(), c.id);
          break;
        case 'organization-deleted':
          w.organizationDeleted.run(c.id);
          w.organizationProjectsDropped.run(c.id);
          w.organizationTeamDropped.run(c.id);
          break;
        case 'organization-project':
          w.projectOrganization.run(c.projectId, c.organizationId);
          break;
        case 'organization-project-removed':
          w.projectOrganizationRemoved.run(c.projectId, c.organizationId);
          break;
      }
    }
  }

  projectId(idOrSlug: string): string | null {
    return this.r.liveProject.get(idOrSlug)?.id ?? this.r.projectBySlug.get(idOrSlug.toLowerCase())?.id ?? null;
  }
  projectSlugOwner(slug: string): string | null {
    return this.r.projectBySlug.get(slug.toLowerCase())?.id ?? this.r.liveProject.get(slug)?.id ?? null;
  }
  projectOfTeam(teamId: string): string | null {
    return this.r.projectByTeam.get(teamId)?.id ?? null;
  }
  liveVersionCount(projectId: string): number {
    return this.r.versionCount.get(projectId)?.n ?? 0;
  }
  version(versionId: string): VersionRef | null {
    const row = this.r.version.get(versionId);
    return row ? { projectId: row.project_id } : null;
  }
  versionsWithHash(hash: string): string[] {
    const h = hash.toLowerCase();
    return this.r.hash.all(h, h).map((r) => r.id);
  }
  userExists(userId: string): boolean {
    return this.r.user.get(userId) !== undefined;
  }
  userId(idOrUsername: string): string | null {
    return this.r.user.get(idOrUsername)?.id ?? this.r.userByName.get(idOrUsername.toLowerCase())?.id ?? null;
  }
  organizationId(idOrSlug: string): string | null {
    return this.r.liveOrganization.get(idOrSlug)?.id ?? this.r.organizationBySlug.get(idOrSlug.toLowerCase())?.id ?? null;
  }
  organizationSlugOwner(slug: string): string | null {
    return this.r.organizationBySlug.get(slug.toLowerCase())?.id ?? this.r.liveOrganization.get(slug)?.id ?? null;
  }
  organizationOfTeam(teamId: string): string | null {
    return this.r.organizationOfTeam.get(teamId)?.organization_id ?? null;
  }
  projectWithOrganization(idOrSlug: string): ProjectRef | null {
    const id = this.projectId(idOrSlug);
    return id === null ? null : { id, organizationId: this.organizationOf(id) };
  }
  organizationOf(projectId: string): string | null {
    return this.r.organizationOf.get(projectId)?.organization_id ?? null;
  }
}

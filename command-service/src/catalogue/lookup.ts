import {
  ProjectCreated, ProjectDeleted, ProjectEdited, UserDeleted, UserProfileEdited, UserRegistered, VersionDeleted,
  VersionFileAdded, VersionFileRemoved, VersionPublished, upcast, type EventStore, type RecordedEvent,
} from '@modshelf/events';
import { ThreadIndex } from '../thread/thread-index';

interface ProjectEntry {
  teamId: string;
  slug: string;
  deleted: boolean;
  versions: Set<string>;
}

interface VersionEntry {
  projectId: string;
  deleted: boolean;
  /** sha1 -> sha512 of its files */
  files: Map<string, string>;
}

/**
 * The write side's own lookup: what commands need to find before they can load a
 * stream (slug or team id -> project, version -> project, hash -> versions, user
 * ids). Folded from the log; `catchUp` reads whatever was appended since, so a
 * command always sees everything acknowledged before it started. It is rebuilt
 * from the log on start, never stored.
 */
export class CatalogueLookup {
  private position = 0;
  private queue: Promise<unknown> = Promise.resolve();
  readonly projects = new Map<string, ProjectEntry>();
  private readonly slugs = new Map<string, string>();
  private readonly teams = new Map<string, string>();
  readonly versions = new Map<string, VersionEntry>();
  private readonly hashes = new Map<string, Set<string>>();
  private readonly users = new Map<string, string>();
  private readonly usernames = new Map<string, string>();
  /** thread id -> project or report, message id -> thread */
  readonly threads = new ThreadIndex();

  constructor(private readonly store: EventStore) {}

  /**
   * Applies every event appended before this call. Calls are queued, each reading
   * after the previous one finished, so a caller never joins a read that started
   * before an append it must see.
   */
  catchUp(): Promise<void> {
    const run = this.queue.then(() => this.readNew());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const batch = await this.store.readAll({ after: this.position, maxCount: 5000 });
      for (const e of batch) {
        this.apply(upcast(e));
        this.position = e.position;
      }
      if (batch.length < 5000) return;
    }
  }

  private apply(e: RecordedEvent): void {
    this.threads.apply(e);
    if (ProjectCreated.is(e)) {
      const d = e.data;
      this.projects.set(d.project_id, { teamId: d.team_id, slug: d.slug, deleted: false, versions: new Set() });
      this.slugs.set(d.slug.toLowerCase(), d.project_id);
      this.teams.set(d.team_id, d.project_id);
    } else if (ProjectEdited.is(e)) {
      const slug = e.data.changes.slug;
      const pid = e.streamId.slice('project-'.length);
      const p = this.projects.get(pid);
      if (slug && p) {
        if (this.slugs.get(p.slug.toLowerCase()) === pid) this.slugs.delete(p.slug.toLowerCase());
        p.slug = slug;
        this.slugs.set(slug.toLowerCase(), pid);
      }
    } else if (ProjectDeleted.is(e)) {
      const p = this.projects.get(e.data.project_id);
      if (p) {
        p.deleted = true;
        if (this.slugs.get(p.slug.toLowerCase()) === e.data.project_id) this.slugs.delete(p.slug.toLowerCase());
      }
    } else if (VersionPublished.is(e)) {
      const d = e.data;
      const files = new Map(d.files.map((f) => [f.hashes.sha1, f.hashes.sha512]));
      this.versions.set(d.version_id, { projectId: d.project_id, deleted: false, files });
      this.projects.get(d.project_id)?.versions.add(d.version_id);
      for (const [sha1, sha512] of files) this.addHash(d.version_id, sha1, sha512);
    } else if (VersionFileAdded.is(e)) {
      const vid = e.streamId.slice('version-'.length);
      const v = this.versions.get(vid);
      if (v) {
        v.files.set(e.data.file.hashes.sha1, e.data.file.hashes.sha512);
        this.addHash(vid, e.data.file.hashes.sha1, e.data.file.hashes.sha512);
      }
    } else if (VersionFileRemoved.is(e)) {
      const vid = e.streamId.slice('version-'.length);
      const v = this.versions.get(vid);
      const sha512 = v?.files.get(e.data.sha1);
      if (v && sha512) {
        v.files.delete(e.data.sha1);
        this.hashes.get(e.data.sha1)?.delete(vid);
        this.hashes.get(sha512)?.delete(vid);
      }
    } else if (VersionDeleted.is(e)) {
      const vid = e.streamId.slice('version-'.length);
      const v = this.versions.get(vid);
      if (v) {
        v.deleted = true;
        this.projects.get(v.projectId)?.versions.delete(vid);
        for (const [sha1, sha512] of v.files) {
          this.hashes.get(sha1)?.delete(vid);
          this.hashes.get(sha512)?.delete(vid);
        }
      }
    } else if (UserRegistered.is(e)) {
      this.users.set(e.data.user_id, e.data.username);
      this.usernames.set(e.data.username.toLowerCase(), e.data.user_id);
    } else if (UserProfileEdited.is(e)) {
      const uid = e.streamId.slice('user-'.length);
      const name = e.data.changes.username;
      const old = this.users.get(uid);
      if (name && old !== undefined) {
        this.usernames.delete(old.toLowerCase());
        this.users.set(uid, name);
        this.usernames.set(name.toLowerCase(), uid);
      }
    } else if (UserDeleted.is(e)) {
      const uid = e.streamId.slice('user-'.length);
      const old = this.users.get(uid);
      if (old !== undefined) this.usernames.delete(old.toLowerCase());
      this.users.delete(uid);
    }
  }

  private addHash(versionId: string, sha1: string, sha512: string): void {
    for (const h of [sha1, sha512]) {
      let set = this.hashes.get(h);
      if (!set) this.hashes.set(h, (set = new Set()));
      set.add(versionId);
    }
  }

  /** A live project's id from its id or slug (slugs are case-insensitive). */
  projectId(idOrSlug: string): string | null {
    const byId = this.projects.get(idOrSlug);
    if (byId && !byId.deleted) return idOrSlug;
    return this.slugs.get(idOrSlug.toLowerCase()) ?? null;
  }

  /** Who holds a slug (or has it as an id), case-insensitively. */
  slugOwner(slug: string): string | null {
    const bySlug = this.slugs.get(slug.toLowerCase());
    if (bySlug) return bySlug;
    const byId = this.projects.get(slug);
    return byId && !byId.deleted ? slug : null;
  }

  projectOfTeam(teamId: string): string | null {
    const pid = this.teams.get(teamId);
    return pid && !this.projects.get(pid)?.deleted ? pid : null;
  }

  liveVersionCount(projectId: string): number {
    return this.projects.get(projectId)?.versions.size ?? 0;
  }

  version(versionId: string): VersionEntry | null {
    const v = this.versions.get(versionId);
    return v && !v.deleted ? v : null;
  }

  /** Live versions of live projects holding a file with this sha1 or sha512. */
  versionsWithHash(hash: string): string[] {
    return [...(this.hashes.get(hash.toLowerCase()) ?? [])].filter((vid) => {
      const v = this.versions.get(vid);
      return v !== undefined && !v.deleted && this.projects.get(v.projectId)?.deleted === false;
    });
  }

  userExists(userId: string): boolean {
    return this.users.has(userId);
  }

  userId(idOrUsername: string): string | null {
    if (this.users.has(idOrUsername)) return idOrUsername;
    return this.usernames.get(idOrUsername.toLowerCase()) ?? null;
  }
}

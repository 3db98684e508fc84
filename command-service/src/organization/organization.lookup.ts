import {
  OrganizationCreated, OrganizationDeleted, OrganizationEdited, OrganizationProjectAdded, OrganizationProjectRemoved, ProjectCreated,
  upcast, type EventStore, type RecordedEvent,
} from '@modshelf/events';

/**
 * What organization commands must find before loading a stream: slug -> organization and
 * project -> its organization. Folded from the log (never stored); `catchUp` reads whatever
 * was appended since, queued so a caller never joins a read that started before its append.
 */
export class OrganizationLookup {
  private position = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly live = new Map<string, string>(); // id -> slug (live organizations)
  private readonly slugs = new Map<string, string>(); // lowercased slug -> id
  private readonly projectOrg = new Map<string, string>(); // project -> organization
  private readonly teams = new Map<string, string>(); // team -> live organization

  constructor(private readonly store: EventStore) {}

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
    if (ProjectCreated.is(e)) {
      if (e.data.organization_id) this.projectOrg.set(e.data.project_id, e.data.organization_id);
      return;
    }
    if (!e.streamId.startsWith('organization-')) return;
    const oid = e.streamId.slice('organization-'.length);
    if (OrganizationCreated.is(e)) {
      this.live.set(oid, e.data.slug);
      this.slugs.set(e.data.slug.toLowerCase(), oid);
      this.teams.set(e.data.team_id, oid);
    } else if (OrganizationEdited.is(e) && e.data.changes.slug) {
      const old = this.live.get(oid);
      if (old !== undefined && this.slugs.get(old.toLowerCase()) === oid) this.slugs.delete(old.toLowerCase());
      this.live.set(oid, e.data.changes.slug);
      this.slugs.set(e.data.changes.slug.toLowerCase(), oid);
    } else if (OrganizationProjectAdded.is(e)) this.projectOrg.set(e.data.project_id, oid);
    else if (OrganizationProjectRemoved.is(e)) {
      if (this.projectOrg.get(e.data.project_id) === oid) this.projectOrg.delete(e.data.project_id);
    } else if (OrganizationDeleted.is(e)) {
      const old = this.live.get(oid);
      if (old !== undefined && this.slugs.get(old.toLowerCase()) === oid) this.slugs.delete(old.toLowerCase());
      this.live.delete(oid);
      for (const [t, o] of this.teams) if (o === oid) this.teams.delete(t);
      for (const [p, o] of this.projectOrg) if (o === oid) this.projectOrg.delete(p);
    }
  }

  /** A live organization's id from its id or slug (case-insensitive). */
  organizationId(idOrSlug: string): string | null {
    if (this.live.has(idOrSlug)) return idOrSlug;
    return this.slugs.get(idOrSlug.toLowerCase()) ?? null;
  }

  /** Who holds the slug (or has it as an id). */
  slugOwner(slug: string): string | null {
    return this.slugs.get(slug.toLowerCase()) ?? (this.live.has(slug) ? slug : null);
  }

  /** The live organization whose team this is (Modrinth's team routes serve organization teams too). */
  organizationOfTeam(teamId: string): string | null {
    return this.teams.get(teamId) ?? null;
  }

  organizationOf(projectId: string): string | null {
    return this.projectOrg.get(projectId) ?? null;
  }
}

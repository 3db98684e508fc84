import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  OrganizationCreated,
  OrganizationDeleted,
  OrganizationEdited,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
  organizationStream,
} from '../catalogue/organization';
import { ProjectCreated, ProjectDeleted, ProjectEdited, projectStream } from '../catalogue/project';
import { UserDeleted, UserProfileEdited, UserRegistered, userStream } from '../catalogue/user';
import { VersionDeleted, VersionFileAdded, VersionFileRemoved, VersionPublished, versionStream } from '../catalogue/version';
import { newEventId, newId } from '../ids';
import { toNewEvents, type DecidedEvent } from '../registry';
import type { EventStore } from '../store/port';
import type { CatalogueLookup } from './port';
import { testProjectDefaults } from '../testing/project-fields';

export interface LookupUnderTest {
  store: EventStore;
  lookup: CatalogueLookup;
  /** a second lookup over the same log, as another replica has (null when the adapter has no such thing) */
  other: CatalogueLookup | null;
  cleanup(): Promise<void>;
}

const sha = (alg: 'sha1' | 'sha512', s: string) => createHash(alg).update(s).digest('hex');

/** The contract every CatalogueLookup adapter passes: it answers from what the log holds, right after an append. */
export function catalogueLookupContract(adapter: string, make: () => Promise<LookupUnderTest>): void {
  describe(`CatalogueLookup contract: ${adapter}`, () => {
    let sut: LookupUnderTest;
    let l: CatalogueLookup;
    beforeEach(async () => {
      sut = await make();
      l = sut.lookup;
    });
    afterEach(async () => {
      await sut.cleanup();
    });

    const emit = async (stream: string, events: DecidedEvent[]) => {
      const id = newEventId();
      const revision = await sut.store.streamRevision(stream);
      await sut.store.append(
        stream,
        toNewEvents(events, { commandId: id, correlationId: id, causationId: id, actor: null, time: new Date().toISOString() }, newEventId),
        revision,
      );
    };
    const user = async (username: string) => {
      const id = newId();
      await emit(userStream(id), [
        UserRegistered({ user_id: id, username, role: 'developer', avatar_url: null, bio: null, created: new Date().toISOString() }),
      ]);
      return id;
    };
    const project = async (owner: string, slug: string, organization_id: string | null = null) => {
      const id = newId();
      const team = newId();
      await emit(projectStream(id), [
        ProjectCreated({
          project_id: id,
          team_id: team,
          project_type: 'mod',
          owner_id: owner,
          organization_id,
          thread_id: newId(),
          status: 'draft',
          published: new Date().toISOString(),
          slug,
          title: `Title ${slug}`,
          description: 'A project for the lookup contract',
          body: '',
          categories: ['technology'],
          ...testProjectDefaults(),
        }),
      ]);
      return { id, team, slug };
    };
    const version = async (projectId: string, author: string) => {
      const id = newId();
      const content = `${projectId}/${id}`;
      const hashes = { sha1: sha('sha1', content), sha512: sha('sha512', content) };
      await emit(versionStream(id), [
        VersionPublished({
          version_id: id,
          project_id: projectId,
          author_id: author,
          date_published: new Date().toISOString(),
          name: 'v1',
          version_number: '1.0.0',
          changelog: '',
          version_type: 'release',
          loaders: ['coreengine'],
          game_versions: ['1.11.4'],
          featured: false,
          status: 'listed',
          requested_status: null,
          dependencies: [],
          files: [{ hashes, url: `https://cdn.example/${id}/a.jar`, filename: 'a.jar', primary: true, size: 10, file_type: null }],
        }),
      ]);
      return { id, ...hashes };
    };

    it('finds projects by id, slug (any case) and team, and forgets them when deleted', async () => {
      const owner = await user(`owner${newId()}`);
      const slug = `Lookup-${newId()}`;
      const p = await project(owner, slug);
      expect(await l.projectId(p.id)).toBe(p.id);
      expect(await l.projectId(slug.toUpperCase())).toBe(p.id);
      expect(await l.projectSlugOwner(slug.toLowerCase())).toBe(p.id);
      expect(await l.projectSlugOwner(p.id)).toBe(p.id);
      expect(await l.projectOfTeam(p.team)).toBe(p.id);
      expect(await l.projectId(`nobody-${newId()}`)).toBeNull();
      if (sut.other) expect(await sut.other.projectId(slug)).toBe(p.id);

      const renamed = `renamed-${newId()}`;
      await emit(projectStream(p.id), [ProjectEdited({ changes: { slug: renamed } })]);
      expect(await l.projectId(slug)).toBeNull();
      expect(await l.projectSlugOwner(slug)).toBeNull();
      expect(await l.projectId(renamed)).toBe(p.id);

      await emit(projectStream(p.id), [ProjectDeleted({ project_id: p.id })]);
      expect(await l.projectId(p.id)).toBeNull();
      expect(await l.projectId(renamed)).toBeNull();
      expect(await l.projectSlugOwner(renamed)).toBeNull();
      expect(await l.projectOfTeam(p.team)).toBeNull();
      if (sut.other) expect(await sut.other.projectId(renamed)).toBeNull();
    });

    it('finds versions by file hash (sha1 or sha512, any case) while version and project live', async () => {
      const owner = await user(`owner${newId()}`);
      const p = await project(owner, `hashes-${newId()}`);
      const v1 = await version(p.id, owner);
      const v2 = await version(p.id, owner);
      expect(await l.liveVersionCount(p.id)).toBe(2);
      expect(await l.version(v1.id)).toEqual({ projectId: p.id });
      expect(await l.versionsWithHash(v1.sha1.toUpperCase())).toEqual([v1.id]);
      expect(await l.versionsWithHash(v1.sha512)).toEqual([v1.id]);

      const extra = { sha1: sha('sha1', `extra${v2.id}`), sha512: sha('sha512', `extra${v2.id}`) };
      await emit(versionStream(v2.id), [
        VersionFileAdded({
          project_id: p.id,
          file: { hashes: extra, url: 'https://cdn.example/b.jar', filename: 'b.jar', primary: false, size: 1, file_type: null },
        }),
      ]);
      expect(await l.versionsWithHash(extra.sha512)).toEqual([v2.id]);
      await emit(versionStream(v2.id), [VersionFileRemoved({ project_id: p.id, sha1: extra.sha1 })]);
      expect(await l.versionsWithHash(extra.sha1)).toEqual([]);

      await emit(versionStream(v1.id), [VersionDeleted({ project_id: p.id })]);
      expect(await l.version(v1.id)).toBeNull();
      expect(await l.versionsWithHash(v1.sha1)).toEqual([]);
      expect(await l.liveVersionCount(p.id)).toBe(1);

      await emit(projectStream(p.id), [ProjectDeleted({ project_id: p.id })]);
      expect(await l.versionsWithHash(v2.sha1)).toEqual([]);
    });

    it('finds users by id and username (any case), follows renames and forgets deleted users', async () => {
      const name = `User${newId()}`;
      const id = await user(name);
      expect(await l.userExists(id)).toBe(true);
      expect(await l.userId(id)).toBe(id);
      expect(await l.userId(name.toLowerCase())).toBe(id);
      const renamed = `Renamed${newId()}`;
      await emit(userStream(id), [UserProfileEdited({ changes: { username: renamed } })]);
      expect(await l.userId(name)).toBeNull();
      expect(await l.userId(renamed.toUpperCase())).toBe(id);
      await emit(userStream(id), [UserDeleted({})]);
      expect(await l.userExists(id)).toBe(false);
      expect(await l.userId(renamed)).toBeNull();
    });

    it('finds organizations by id and slug and the organization of a project', async () => {
      const owner = await user(`owner${newId()}`);
      const oid = newId();
      const slug = `Org-${newId()}`;
      const team = newId();
      await emit(organizationStream(oid), [
        OrganizationCreated({ organization_id: oid, team_id: team, owner_id: owner, slug, name: 'An org', description: 'An organization' }),
      ]);
      expect(await l.organizationOfTeam(team)).toBe(oid);
      expect(await l.organizationOfTeam(newId())).toBeNull();
      expect(await l.organizationId(slug.toLowerCase())).toBe(oid);
      expect(await l.organizationSlugOwner(slug)).toBe(oid);
      const born = await project(owner, `in-org-${newId()}`, oid);
      const joined = await project(owner, `joins-${newId()}`);
      expect(await l.organizationOf(born.id)).toBe(oid);
      expect(await l.organizationOf(joined.id)).toBeNull();
      // the project and its organization in one read, by id or by slug in any case
      expect(await l.projectWithOrganization(born.id)).toEqual({ id: born.id, organizationId: oid });
      expect(await l.projectWithOrganization(joined.slug.toUpperCase())).toEqual({ id: joined.id, organizationId: null });
      expect(await l.projectWithOrganization(`missing-${newId()}`)).toBeNull();
      await emit(organizationStream(oid), [OrganizationProjectAdded({ project_id: joined.id })]);
      expect(await l.organizationOf(joined.id)).toBe(oid);
      expect(await l.projectWithOrganization(joined.slug)).toEqual({ id: joined.id, organizationId: oid });
      await emit(organizationStream(oid), [OrganizationProjectRemoved({ project_id: joined.id })]);
      expect(await l.organizationOf(joined.id)).toBeNull();
      expect(await l.projectWithOrganization(joined.id)).toEqual({ id: joined.id, organizationId: null });

      const renamed = `org-renamed-${newId()}`;
      await emit(organizationStream(oid), [OrganizationEdited({ changes: { slug: renamed } })]);
      expect(await l.organizationId(slug)).toBeNull();
      expect(await l.organizationId(renamed)).toBe(oid);
      await emit(organizationStream(oid), [OrganizationDeleted({ organization_id: oid })]);
      expect(await l.organizationId(oid)).toBeNull();
      expect(await l.organizationSlugOwner(renamed)).toBeNull();
      expect(await l.organizationOf(born.id)).toBeNull();
      expect(await l.projectWithOrganization(born.id)).toEqual({ id: born.id, organizationId: null });
      expect(await l.organizationOfTeam(team)).toBeNull();
    });
  });
}

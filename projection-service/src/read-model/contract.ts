import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha512Key } from './collections';
import type { CollectionName, ProjectDoc, ReportDoc, UserDoc, VersionDoc } from './documents';
import type { ReadModelStore } from './port';

export interface ReadModelsUnderTest {
  store: ReadModelStore;
  cleanup(): Promise<void>;
}

export function sampleUser(id: string, username: string): UserDoc {
  return {
    id,
    username,
    bio: null,
    avatar_url: null,
    created: '2024-01-01T00:00:00.000Z',
    role: 'developer',
    badges: 0,
    email_verified: false,
    has_totp: false,
  };
}

export function sampleProject(id: string, slug: string, members: string[]): ProjectDoc {
  return {
    id,
    slug,
    project_type: 'mod',
    team: `T${id.slice(1)}`,
    organization: null,
    title: slug,
    description: 'd',
    body: '',
    published: '2024-01-01T00:00:00.000Z',
    updated: '2024-01-01T00:00:00.000Z',
    approved: null,
    queued: null,
    status: 'approved',
    requested_status: null,
    moderator_message: null,
    moderator_message_body: null,
    license: { id: 'MIT', name: 'MIT', url: null },
    downloads: 0,
    followers: 0,
    categories: [],
    additional_categories: [],
    client_side: 'required',
    server_side: 'required',
    icon_url: null,
    color: null,
    issues_url: null,
    source_url: null,
    wiki_url: null,
    discord_url: null,
    donation_urls: [],
    gallery: [],
    thread_id: 'TTTTTTTT',
    monetization_status: 'monetized',
    owner_id: members[0],
    members: members.map((user_id, i) => ({ user_id, role: 'r', permissions: 0, ordering: i, accepted: true, is_owner: i === 0 })),
    version_list: [],
  };
}

/** A version whose files have these hashes (sha1 and sha512, hex). */
export function sampleVersion(id: string, projectId: string, hashes: Array<{ sha1: string; sha512: string }>): VersionDoc {
  return {
    id,
    project_id: projectId,
    author_id: 'AAAAAAAA',
    name: id,
    version_number: '1.0.0',
    changelog: null,
    dependencies: [],
    game_versions: ['1.20.1'],
    version_type: 'release',
    loaders: ['fabric'],
    featured: false,
    status: 'listed',
    requested_status: null,
    date_published: '2024-01-01T00:00:00.000Z',
    downloads: 0,
    files: hashes.map((h, i) => ({ hashes: h, url: `https://cdn/${id}/${i}.jar`, filename: `${i}.jar`, primary: i === 0, size: 1, file_type: null })),
  };
}

/** The contract every ReadModelStore adapter passes (the MongoDB adapter runs it too). */
/** The distinct keys of one index, by ReadModelStore.counts. */
async function distinct(s: ReadModelStore, coll: CollectionName, index: string): Promise<number> {
  return (await s.counts({ documents: [], keys: [[coll, index]] })).keys[0];
}

export function readModelContract(adapter: string, make: () => Promise<ReadModelsUnderTest>): void {
  describe(`ReadModelStore contract: ${adapter}`, () => {
    let sut: ReadModelsUnderTest;
    let s: ReadModelStore;
    beforeEach(async () => {
      sut = await make();
      s = sut.store;
      await s.reset();
    });
    afterEach(async () => sut.cleanup());

    it('starts empty at checkpoint 0', async () => {
      expect(await s.checkpoint()).toBe(0);
      expect(await s.get('users', 'AAAAAAAA')).toBeNull();
      expect(await s.count('projects')).toBe(0);
    });

    it('commits documents with the checkpoint and reads them back', async () => {
      await s.commit([{ coll: 'users', id: 'AAAAAAAA', doc: sampleUser('AAAAAAAA', 'Alice') }], 7);
      expect(await s.checkpoint()).toBe(7);
      expect(await s.get('users', 'AAAAAAAA')).toEqual(sampleUser('AAAAAAAA', 'Alice'));
      expect(await s.get('projects', 'AAAAAAAA')).toBeNull();
      await s.commit([], 9);
      expect(await s.checkpoint()).toBe(9);
    });

    it('maintains secondary indexes across updates and deletes', async () => {
      await s.commit(
        [
          { coll: 'projects', id: 'P0000001', doc: sampleProject('P0000001', 'One', ['AAAAAAAA', 'BBBBBBBB']) },
          { coll: 'projects', id: 'P0000002', doc: sampleProject('P0000002', 'Two', ['AAAAAAAA']) },
        ],
        1,
      );
      expect(await s.findIds('projects', 'slug', 'one')).toEqual(['P0000001']);
      expect(await s.findIds('projects', 'member', 'AAAAAAAA')).toEqual(['P0000001', 'P0000002']);
      expect(await distinct(s, 'projects', 'member')).toBe(2);
      await s.commit([{ coll: 'projects', id: 'P0000001', doc: sampleProject('P0000001', 'Uno', ['BBBBBBBB']) }], 2);
      expect(await s.findIds('projects', 'slug', 'one')).toEqual([]);
      expect(await s.findIds('projects', 'slug', 'uno')).toEqual(['P0000001']);
      expect(await s.findIds('projects', 'member', 'AAAAAAAA')).toEqual(['P0000002']);
      await s.commit([{ coll: 'projects', id: 'P0000002', doc: null }], 3);
      expect(await s.get('projects', 'P0000002')).toBeNull();
      expect(await s.findIds('projects', 'member', 'AAAAAAAA')).toEqual([]);
      expect(await s.count('projects')).toBe(1);
    });

    it('finds the projects in the moderation queue (processing) by the review index, following their status', async () => {
      const withStatus = (id: string, status: ProjectDoc['status']) => ({ ...sampleProject(id, id.toLowerCase(), ['AAAAAAAA']), status });
      await s.commit(
        [
          { coll: 'projects', id: 'P0000001', doc: withStatus('P0000001', 'processing') },
          { coll: 'projects', id: 'P0000002', doc: withStatus('P0000002', 'approved') },
        ],
        1,
      );
      expect(await s.findIds('projects', 'review', 'processing')).toEqual(['P0000001']);
      await s.commit(
        [
          { coll: 'projects', id: 'P0000001', doc: withStatus('P0000001', 'approved') },
          { coll: 'projects', id: 'P0000002', doc: withStatus('P0000002', 'processing') },
        ],
        2,
      );
      expect(await s.findIds('projects', 'review', 'processing')).toEqual(['P0000002']);
      await s.commit([{ coll: 'projects', id: 'P0000002', doc: null }], 3);
      expect(await s.findIds('projects', 'review', 'processing')).toEqual([]);
    });

    it('finds the open reports by the open index, following them as they close', async () => {
      const report = (id: string, closed: boolean): ReportDoc => ({
        id,
        report_type: 'spam',
        item_type: 'project',
        item_id: 'P0000001',
        reporter: 'AAAAAAAA',
        body: '',
        created: '2026-01-01T00:00:00.000Z',
        closed,
        thread_id: `T${id.slice(1)}`,
      });
      await s.commit(
        [
          { coll: 'reports', id: 'R0000001', doc: report('R0000001', false) },
          { coll: 'reports', id: 'R0000002', doc: report('R0000002', true) },
          { coll: 'reports', id: 'R0000003', doc: report('R0000003', false) },
        ],
        1,
      );
      expect(await s.findIds('reports', 'open', 'open')).toEqual(['R0000001', 'R0000003']);
      await s.commit([{ coll: 'reports', id: 'R0000001', doc: report('R0000001', true) }], 2);
      expect(await s.findIds('reports', 'open', 'open')).toEqual(['R0000003']);
    });

    it('finds documents by hex keys (file hashes) and tells them from other keys', async () => {
      const h = (c: string) => ({ sha1: c.repeat(40), sha512: c.repeat(128) });
      await s.commit(
        [
          { coll: 'versions', id: 'V0000001', doc: sampleVersion('V0000001', 'P0000001', [h('a'), h('b')]) },
          { coll: 'versions', id: 'V0000002', doc: sampleVersion('V0000002', 'P0000001', [h('b')]) },
          // member ids of 16 hex digits, lower and upper case: two different keys
          { coll: 'projects', id: 'P0000001', doc: sampleProject('P0000001', 'One', ['0123456789abcdef', '0123456789ABCDEF']) },
          { coll: 'projects', id: 'P0000002', doc: sampleProject('P0000002', 'Two', ['0123456789abcdef']) },
        ],
        1,
      );
      expect(await s.findIds('versions', 'sha1', 'a'.repeat(40))).toEqual(['V0000001']);
      expect(await s.findIds('versions', 'sha1', 'b'.repeat(40))).toEqual(['V0000001', 'V0000002']);
      expect(await s.findIds('versions', 'sha1', 'B'.repeat(40))).toEqual([]);
      expect(await s.findIds('versions', 'sha512', sha512Key('b'.repeat(128)))).toEqual(['V0000001', 'V0000002']);
      expect(await distinct(s, 'versions', 'sha1')).toBe(2);
      expect(await s.findIds('projects', 'member', '0123456789abcdef')).toEqual(['P0000001', 'P0000002']);
      expect(await s.findIds('projects', 'member', '0123456789ABCDEF')).toEqual(['P0000001']);
      expect(await distinct(s, 'projects', 'member')).toBe(2);
      await s.commit([{ coll: 'versions', id: 'V0000001', doc: sampleVersion('V0000001', 'P0000001', [h('c')]) }], 2);
      expect(await s.findIds('versions', 'sha1', 'a'.repeat(40))).toEqual([]);
      expect(await s.findIds('versions', 'sha1', 'b'.repeat(40))).toEqual(['V0000002']);
      expect(await s.findIds('versions', 'sha512', sha512Key('c'.repeat(128)))).toEqual(['V0000001']);
      await s.commit([{ coll: 'versions', id: 'V0000002', doc: null }], 3);
      expect(await s.findIds('versions', 'sha1', 'b'.repeat(40))).toEqual([]);
      expect(await distinct(s, 'versions', 'sha1')).toBe(1);
    });

    it('counts documents and distinct keys together, with the checkpoint they were read at', async () => {
      const h = (c: string) => ({ sha1: c.repeat(40), sha512: c.repeat(128) });
      const q = {
        documents: ['versions', 'projects', 'users'],
        keys: [
          ['versions', 'sha1'],
          ['projects', 'member'],
          ['users', 'username'],
        ],
      } as const;
      expect(await s.counts(q)).toEqual({ position: 0, documents: [0, 0, 0], keys: [0, 0, 0] });
      await s.commit(
        [
          { coll: 'versions', id: 'V0000001', doc: sampleVersion('V0000001', 'P0000001', [h('a'), h('b')]) },
          { coll: 'versions', id: 'V0000002', doc: sampleVersion('V0000002', 'P0000001', [h('b')]) },
          { coll: 'versions', id: 'V0000003', doc: sampleVersion('V0000003', 'P0000002', [h('c')]) },
          { coll: 'projects', id: 'P0000001', doc: sampleProject('P0000001', 'One', ['AAAAAAAA', 'BBBBBBBB']) },
          { coll: 'projects', id: 'P0000002', doc: sampleProject('P0000002', 'Two', ['AAAAAAAA']) },
        ],
        5,
      );
      expect(await s.counts(q)).toEqual({ position: 5, documents: [3, 2, 0], keys: [3, 2, 0] });
      await s.commit([{ coll: 'versions', id: 'V0000003', doc: null }], 6);
      expect(await s.counts(q)).toEqual({ position: 6, documents: [2, 2, 0], keys: [2, 2, 0] });
    });

    it('gets many in the order asked, scans in id order, and resets', async () => {
      await s.commit(
        ['CCCCCCCC', 'AAAAAAAA', 'BBBBBBBB'].map((id) => ({ coll: 'users' as const, id, doc: sampleUser(id, `u${id}`) })),
        4,
      );
      expect((await s.getMany('users', ['BBBBBBBB', 'ZZZZZZZZ', 'AAAAAAAA'])).map((u) => u.id)).toEqual(['BBBBBBBB', 'AAAAAAAA']);
      const ids: string[] = [];
      for await (const [id] of s.scan('users')) ids.push(id);
      expect(ids).toEqual(['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC']);
      await s.reset();
      expect(await s.count('users')).toBe(0);
      expect(await s.checkpoint()).toBe(0);
    });
  });
}

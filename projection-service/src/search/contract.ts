import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchDocument, SearchIndex } from './port';

export interface SearchUnderTest {
  index: SearchIndex;
  cleanup(): Promise<void>;
}

/** A minimal search document for contract tests. */
export function sampleDoc(
  id: string,
  o: { title: string; summary?: string; author?: string; type?: string; categories?: string[]; downloads?: number; follows?: number; created?: number },
): SearchDocument {
  const type = o.type ?? 'mod';
  return {
    hit: {
      project_id: id,
      project_type: type,
      all_project_types: [type],
      slug: o.title.toLowerCase().replace(/\s+/g, '-'),
      author: o.author ?? 'someone',
      author_id: null,
      organization: null,
      organization_id: null,
      title: o.title,
      description: o.summary ?? '',
      categories: o.categories ?? [],
      display_categories: o.categories ?? [],
      versions: [],
      downloads: o.downloads ?? 0,
      follows: o.follows ?? 0,
      icon_url: '',
      date_created: new Date((o.created ?? 0) * 1000).toISOString(),
      date_modified: new Date((o.created ?? 0) * 1000).toISOString(),
      latest_version: '',
      license: 'MIT',
      client_side: 'required',
      server_side: 'required',
      environment: [],
      disclosure_types: [],
      gallery: [],
      featured_gallery: null,
      color: null,
    },
    text: { name: o.title, slug: o.title.toLowerCase().replace(/\s+/g, '-'), author: o.author ?? 'someone', summary: o.summary ?? '' },
    tags: { project_types: [type], categories: o.categories ?? [], project_id: [id], author: [o.author ?? 'someone'], license: ['MIT'] },
    numbers: { downloads: o.downloads ?? 0, follows: o.follows ?? 0, created_timestamp: o.created ?? 0, modified_timestamp: o.created ?? 0 },
  };
}

const all = { query: '', filter: [], sort: 'relevance' as const, offset: 0, limit: 100 };

/** The contract every SearchIndex adapter passes (the OpenSearch adapter runs it too). */
export function searchIndexContract(adapter: string, make: () => Promise<SearchUnderTest>): void {
  describe(`SearchIndex contract: ${adapter}`, () => {
    let sut: SearchUnderTest;
    let s: SearchIndex;
    beforeEach(async () => {
      sut = await make();
      s = sut.index;
      await s.reset();
      await s.commit(
        [
          {
            projectId: 'AAAAAAAA',
            doc: sampleDoc('AAAAAAAA', {
              title: 'Iron Furnaces',
              summary: 'faster smelting',
              categories: ['technology'],
              downloads: 300,
              follows: 1,
              created: 100,
            }),
          },
          {
            projectId: 'BBBBBBBB',
            doc: sampleDoc('BBBBBBBB', {
              title: 'Magic Wands',
              summary: 'iron and gold wands',
              categories: ['magic'],
              downloads: 900,
              follows: 5,
              created: 50,
            }),
          },
          {
            projectId: 'CCCCCCCC',
            doc: sampleDoc('CCCCCCCC', { title: 'Pack of Everything', type: 'modpack', categories: ['kitchen-sink'], downloads: 10, follows: 9, created: 300 }),
          },
        ],
        3,
      );
    });
    afterEach(async () => sut.cleanup());

    const ids = (r: { hits: Array<{ project_id: string }> }) => r.hits.map((h) => h.project_id);

    it('stores its checkpoint with the documents', async () => {
      expect(await s.checkpoint()).toBe(3);
      expect(await s.count()).toBe(3);
    });

    it('sorts by each index', async () => {
      expect(ids(await s.search(all))).toEqual(['BBBBBBBB', 'AAAAAAAA', 'CCCCCCCC']);
      expect(ids(await s.search({ ...all, sort: 'follows' }))).toEqual(['CCCCCCCC', 'BBBBBBBB', 'AAAAAAAA']);
      expect(ids(await s.search({ ...all, sort: 'newest' }))).toEqual(['CCCCCCCC', 'AAAAAAAA', 'BBBBBBBB']);
    });

    it('filters by facets (AND of ORs, negation, numbers)', async () => {
      const r = await s.search({
        ...all,
        filter: [[[{ field: 'categories', op: '=', value: 'magic' }], [{ field: 'project_types', op: '=', value: 'modpack' }]]],
      });
      expect(ids(r).sort()).toEqual(['BBBBBBBB', 'CCCCCCCC']);
      expect(r.total).toBe(2);
      const n = await s.search({ ...all, filter: [[[{ field: 'downloads', op: '>', value: 100 }]], [[{ field: 'categories', op: '!=', value: 'magic' }]]] });
      expect(ids(n)).toEqual(['AAAAAAAA']);
    });

    it('ranks name matches before other text matches, and pages', async () => {
      const r = await s.search({ ...all, query: 'iron' });
      expect(ids(r)).toEqual(['AAAAAAAA', 'BBBBBBBB']);
      expect(r.total).toBe(2);
      const p = await s.search({ ...all, query: 'iron', offset: 1, limit: 1 });
      expect(ids(p)).toEqual(['BBBBBBBB']);
      expect(p.total).toBe(2);
      expect(ids(await s.search({ ...all, query: 'furn' }))).toEqual(['AAAAAAAA']);
      expect(ids(await s.search({ ...all, query: 'furnaces' }))).toEqual(['AAAAAAAA']);
      expect(ids(await s.search({ ...all, query: 'furnacse' }))).toEqual(['AAAAAAAA']);
    });

    it('updates and removes documents', async () => {
      await s.commit(
        [
          { projectId: 'AAAAAAAA', doc: sampleDoc('AAAAAAAA', { title: 'Copper Furnaces', downloads: 5000 }) },
          { projectId: 'CCCCCCCC', doc: null },
        ],
        4,
      );
      expect(ids(await s.search(all))).toEqual(['AAAAAAAA', 'BBBBBBBB']);
      expect(ids(await s.search({ ...all, query: 'iron' }))).toEqual(['BBBBBBBB']);
      expect(ids(await s.search({ ...all, query: 'copper' }))).toEqual(['AAAAAAAA']);
      expect((await s.random(10)).sort()).toEqual(['AAAAAAAA', 'BBBBBBBB']);
      expect(await s.checkpoint()).toBe(4);
    });
  });
}

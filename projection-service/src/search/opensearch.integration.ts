import { describe, expect, it } from 'vitest';
import { missing, servers } from '../../../integration/env';
import { sampleDoc, searchIndexContract } from './contract';
import { OpenSearchIndex } from './opensearch';

const all = { query: '', filter: [], sort: 'relevance' as const, offset: 0, limit: 100 };

if (servers.opensearch) {
  const label = process.env.OPENSEARCH_KIND ? `OpenSearch (${process.env.OPENSEARCH_KIND})` : 'OpenSearch';
  searchIndexContract(label, async () => {
    const index = new OpenSearchIndex({ node: servers.opensearch, prefix: `it-${Math.random().toString(36).slice(2, 8)}` });
    return {
      index,
      cleanup: async () => {
        await index.drop();
        await index.close();
      },
    };
  });

  describe(`OpenSearchIndex per-document revision: ${label}`, () => {
    it('keeps the newer document when an older change is applied again', async () => {
      const index = new OpenSearchIndex({ node: servers.opensearch, prefix: `it-${Math.random().toString(36).slice(2, 8)}` });
      try {
        await index.reset();
        await index.commit([{ projectId: 'AAAAAAAA', doc: sampleDoc('AAAAAAAA', { title: 'New Name', downloads: 2 }) }], 10);
        await index.commit([{ projectId: 'AAAAAAAA', doc: sampleDoc('AAAAAAAA', { title: 'Old Name', downloads: 1 }) }], 5);
        expect((await index.search(all)).hits.map((h) => h.title)).toEqual(['New Name']);
        expect(await index.checkpoint()).toBe(10);
        await index.commit([{ projectId: 'AAAAAAAA', doc: null }], 11);
        expect(await index.count()).toBe(0);
        const ids: string[] = [];
        for await (const [id] of index.scan()) ids.push(id);
        expect(ids).toEqual([]);
      } finally {
        await index.drop();
        await index.close();
      }
    });
  });
} else {
  const why = missing('SearchIndex contract: OpenSearch', 'OPENSEARCH_URL', 'no OpenSearch server was started or given');
  describe.skip(why, () => it('SearchIndex contract: OpenSearch', () => {}));
}

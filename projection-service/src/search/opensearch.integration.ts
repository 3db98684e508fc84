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

  describe(`OpenSearchIndex bulk requests: ${label}`, () => {
    it('splits a commit into bulk requests of at most bulkChunk changes, bulkParallel at once, and writes every one', async () => {
      const index = new OpenSearchIndex({ node: servers.opensearch, prefix: `it-${Math.random().toString(36).slice(2, 8)}`, bulkChunk: 4, bulkParallel: 2 });
      const sizes: number[] = [];
      let inFlight = 0;
      let most = 0;
      const bulk = index.client.bulk.bind(index.client);
      index.client.bulk = (async (params: { body: unknown[] }) => {
        sizes.push(params.body.length / 2);
        most = Math.max(most, ++inFlight);
        try {
          return await bulk(params as never);
        } finally {
          inFlight--;
        }
      }) as never;
      try {
        await index.reset();
        const ids = Array.from({ length: 10 }, (_, i) => `B${String(i).padStart(7, '0')}`);
        await index.commit(
          ids.map((id) => ({ projectId: id, doc: sampleDoc(id, { title: `Bulk ${id}` }) })),
          3,
        );
        expect(sizes).toEqual([4, 4, 2]);
        expect(most).toBe(2);
        expect(await index.count()).toBe(10);
        expect(await index.checkpoint()).toBe(3);
      } finally {
        await index.drop();
        await index.close();
      }
    });
  });

  describe(`OpenSearchIndex with deferRefresh: ${label}`, () => {
    const waitFor = async (index: OpenSearchIndex, position: number) => {
      const end = Date.now() + 20_000;
      while ((await index.checkpoint()) < position && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return index.checkpoint();
    };

    /** An index that defers its refreshes, under a prefix of its own. */
    const deferring = () =>
      new OpenSearchIndex({ node: servers.opensearch!, prefix: `it-${Math.random().toString(36).slice(2, 8)}`, deferRefresh: true, refreshEveryMs: 0 });
    /** The times the index's explicit refreshes started. */
    const countRefreshes = (index: OpenSearchIndex): number[] => {
      const refreshes: number[] = [];
      const refresh = index.client.indices.refresh.bind(index.client.indices);
      index.client.indices.refresh = ((...args: Parameters<typeof refresh>) => {
        refreshes.push(Date.now());
        return refresh(...args);
      }) as typeof refresh;
      return refreshes;
    };
    /** Resolves with the next position the index says visible. */
    const nextVisible = (index: OpenSearchIndex) =>
      new Promise<number>((resolve) => {
        const stop = index.onVisible((position) => {
          stop();
          resolve(position);
        });
      });

    it('answers a commit before the refresh, and moves the checkpoint only once searches see the batch', async () => {
      const index = deferring();
      const refreshes = countRefreshes(index);
      try {
        await index.reset();
        for (let p = 1; p <= 5; p++) await index.commit([{ projectId: `P000000${p}`, doc: sampleDoc(`P000000${p}`, { title: `Deferred ${p}` }) }], p);
        expect(await index.appliedCheckpoint()).toBe(5);
        expect(await waitFor(index, 5)).toBe(5);
        // the checkpoint moved only after a refresh: every document is searchable at it
        expect((await index.search(all)).total).toBe(5);
        // one refresh at a time, each covering every batch written before it started
        expect(refreshes.length).toBeGreaterThan(0);
        expect(refreshes.length).toBeLessThanOrEqual(5);
        // a batch with no search change moves the checkpoint with no refresh
        const before = refreshes.length;
        await index.commit([], 6);
        expect(await waitFor(index, 6)).toBe(6);
        expect(refreshes.length).toBe(before);
      } finally {
        await index.drop();
        await index.close();
      }
    });

    it("a reader's refreshNow() makes what the writer wrote searchable before the writer's next refresh; a one-request batch records `applied` in it", async () => {
      const prefix = `it-${Math.random().toString(36).slice(2, 8)}`;
      const writer = new OpenSearchIndex({ node: servers.opensearch!, prefix, deferRefresh: true, refreshEveryMs: 60_000 });
      const reader = new OpenSearchIndex({ node: servers.opensearch!, prefix });
      const refreshes = countRefreshes(writer);
      const requests: string[] = [];
      const bulk = writer.client.bulk.bind(writer.client);
      writer.client.bulk = ((...args: Parameters<typeof bulk>) => {
        requests.push('bulk');
        return bulk(...args);
      }) as typeof bulk;
      const write = writer.client.index.bind(writer.client);
      writer.client.index = ((...args: Parameters<typeof write>) => {
        requests.push('index');
        return write(...args);
      }) as typeof write;
      try {
        await writer.reset();
        await writer.commit([{ projectId: 'P0000001', doc: sampleDoc('P0000001', { title: 'First' }) }], 1);
        expect(await waitFor(writer, 1)).toBe(1);
        requests.length = 0;
        await writer.commit([{ projectId: 'P0000002', doc: sampleDoc('P0000002', { title: 'Second' }) }], 2);
        // one request wrote the document and `applied`
        expect(requests).toEqual(['bulk']);
        expect(await writer.appliedCheckpoint()).toBe(2);
        // the writer's next refresh waits out refreshEveryMs: searches do not see the change yet
        expect(refreshes).toHaveLength(1);
        expect((await reader.search(all)).total).toBe(1);
        expect(await reader.checkpoint()).toBe(1);
        await reader.refreshNow();
        expect((await reader.search(all)).total).toBe(2);
        expect(refreshes).toHaveLength(1);
      } finally {
        await reader.close();
        await writer.drop();
        await writer.close();
      }
    });

    it('writes the checkpoint beside the next write; one that fails fails the next commit, and the commit after writes it', async () => {
      const index = deferring();
      const write = index.client.index.bind(index.client);
      let refuse = false;
      index.client.index = ((...args: Parameters<typeof write>) => {
        if (refuse) {
          refuse = false;
          return Promise.reject(new Error('checkpoint write refused'));
        }
        return write(...args);
      }) as typeof write;
      try {
        await index.reset();
        refuse = true;
        // the batch is written and refreshed; its checkpoint write fails beside what comes next
        const refreshed = nextVisible(index);
        await index.commit([{ projectId: 'P0000001', doc: sampleDoc('P0000001', { title: 'First' }) }], 4);
        expect(await refreshed).toBe(4);
        expect((await index.search(all)).total).toBe(1);
        expect(await index.checkpoint()).toBe(0);
        // the next commit refuses before writing anything (the writer redoes its journal after it)
        await expect(index.commit([{ projectId: 'P0000002', doc: sampleDoc('P0000002', { title: 'Second' }) }], 5)).rejects.toThrow('checkpoint write refused');
        expect(await index.appliedCheckpoint()).toBe(4);
        await index.commit([{ projectId: 'P0000002', doc: sampleDoc('P0000002', { title: 'Second' }) }], 5);
        expect(await waitFor(index, 5)).toBe(5);
        expect((await index.search(all)).total).toBe(2);
      } finally {
        await index.drop();
        await index.close();
      }
    });

    it('onVisible says a position only once searches see every change up to it, not when commit() returns', async () => {
      const index = deferring();
      const told: Array<{ position: number; total: Promise<number> }> = [];
      index.onVisible((position) => told.push({ position, total: index.search(all).then((r) => r.total) }));
      try {
        await index.reset();
        await index.commit([{ projectId: 'P0000001', doc: sampleDoc('P0000001', { title: 'First' }) }], 4);
        expect(await waitFor(index, 4)).toBe(4);
        const ids = ['P0000002', 'P0000003', 'P0000004'];
        await index.commit(
          ids.map((id) => ({ projectId: id, doc: sampleDoc(id, { title: 'Deferred' }) })),
          9,
        );
        expect(await waitFor(index, 9)).toBe(9);
        await expect.poll(() => told.map((t) => t.position)).toEqual([4, 9]);
        // a search started when each position was said already saw it
        expect(await Promise.all(told.map((t) => t.total))).toEqual([1, 4]);
      } finally {
        await index.drop();
        await index.close();
      }
    });

    it('a writer that died between a write and its refresh: the next writer to open the index makes it searchable, a reader does not', async () => {
      const prefix = `it-${Math.random().toString(36).slice(2, 8)}`;
      const first = new OpenSearchIndex({ node: servers.opensearch, prefix, deferRefresh: true });
      try {
        await first.reset();
        // what a killed writer leaves: the document written and `applied` recorded, no refresh, checkpoint behind
        await first.client.bulk({
          body: [
            { index: { _index: first.index, _id: 'P0000001', version: 7, version_type: 'external_gte' } },
            { project_id: 'P0000001', hit: {}, name_terms: [], text_terms: [], tags: {}, numbers: {} },
          ],
        });
        await first.client.index({ index: `${prefix}-meta`, id: 'applied', body: { position: 7 }, version: 7, version_type: 'external_gte' });
        // a reader (a query replica's index does not defer refreshes: it writes nothing) leaves the checkpoint alone
        const reader = new OpenSearchIndex({ node: servers.opensearch, prefix });
        expect((await reader.search(all)).total).toBe(0);
        expect(await reader.checkpoint()).toBe(0);
        await reader.close();
        const next = new OpenSearchIndex({ node: servers.opensearch, prefix, deferRefresh: true });
        try {
          expect(await next.appliedCheckpoint()).toBe(7);
          expect(await waitFor(next, 7)).toBe(7);
          expect(await next.count()).toBe(1);
        } finally {
          await next.close();
        }
      } finally {
        await first.drop();
        await first.close();
      }
    });
  });
} else {
  const why = missing('SearchIndex contract: OpenSearch', 'OPENSEARCH_URL', 'no OpenSearch server was started or given');
  describe.skip(why, () => it('SearchIndex contract: OpenSearch', () => {}));
}

import { Client } from '@opensearch-project/opensearch';
import { Listeners } from '@modshelf/events/listeners';
import {
  NUMBER_FIELDS,
  TAG_FIELDS,
  type SearchChange,
  type SearchDocument,
  type SearchHit,
  type SearchIndex,
  type SearchRequest,
  type SearchResult,
} from './port';
import { filterQuery, norm, type Json } from './opensearch-query';
import { OpenSearchPositions } from './opensearch-positions';
import { OpenSearchRefresher } from './opensearch-refresher';
import { tokenize } from './tokenize';

export interface OpenSearchIndexOptions {
  /** http://127.0.0.1:9200 */
  node: string;
  /** index name prefix (default 'modshelf'); the index is `<prefix>-projects`, its checkpoint `<prefix>-meta`. */
  prefix?: string;
  /** an existing client to share; not closed by close(). */
  client?: Client;
  /**
   * false (default): commit() refreshes the index before it answers and moves the checkpoint.
   * true (the projection workers, storage/distributed.ts): commit() writes without a refresh and
   * records the position as applied; a refresh runs beside the next batches, one at a time and at
   * most once every `refreshEveryMs`, and then moves the checkpoint (what readers wait on) to the
   * position written before it started. A reader that knows a position is written (the workers'
   * position feeds say `indexed`) makes it searchable at once with refreshNow().
   */
  deferRefresh?: boolean;
  /** with deferRefresh, least time between the starts of two of the writer's refreshes (default OPENSEARCH_REFRESH_EVERY_MS or 200) */
  refreshEveryMs?: number;
  /** most changes per bulk request (default OPENSEARCH_BULK_CHUNK or 250) */
  bulkChunk?: number;
  /** bulk requests in flight at once during a commit (default OPENSEARCH_BULK_PARALLEL or 2) */
  bulkParallel?: number;
}

const SORT_FIELD: Record<string, string> = {
  relevance: 'numbers.downloads',
  downloads: 'numbers.downloads',
  follows: 'numbers.follows',
  newest: 'numbers.created_timestamp',
  updated: 'numbers.modified_timestamp',
};

/**
 * The distributed search index: OpenSearch through @opensearch-project/opensearch.
 *
 * It answers like the embedded index (search/sqlite-search.ts): the text is tokenized by the same
 * tokenize() and stored as keyword terms, so words match the same way; the last query word also
 * matches as a prefix; words of 5+ letters tolerate one typo and 9+ two (fuzziness AUTO:5,9, with
 * transpositions); relevance ranks documents whose name/slug holds every word, then those holding
 * every word exactly anywhere, then typo matches, each tier by downloads. Facets map to a bool query
 * over keyword/number fields. Each document is written with external versioning by log position,
 * so a replayed or redelivered older change never overwrites a newer one (per-document revision).
 */
export class OpenSearchIndex implements SearchIndex {
  readonly client: Client;
  private readonly ownsClient: boolean;
  readonly index: string;
  private readonly metaIndex: string;
  private ready: Promise<void> | null = null;
  private readonly deferRefresh: boolean;
  readonly bulkChunk: number;
  readonly bulkParallel: number;
  private readonly visibleListeners = new Listeners<number>();
  /** the writer's deferred refreshes, and the readers' refreshNow() */
  private readonly refresher: OpenSearchRefresher;
  /** the meta index's positions (with deferRefresh, the checkpoint is written beside the next writes) */
  private readonly positions: OpenSearchPositions;

  constructor(options: OpenSearchIndexOptions) {
    this.ownsClient = !options.client;
    this.deferRefresh = options.deferRefresh ?? false;
    this.bulkChunk = options.bulkChunk ?? (Number(process.env.OPENSEARCH_BULK_CHUNK) || 250);
    this.bulkParallel = options.bulkParallel ?? (Number(process.env.OPENSEARCH_BULK_PARALLEL) || 2);
    const every = Number(process.env.OPENSEARCH_REFRESH_EVERY_MS);
    const refreshEveryMs = options.refreshEveryMs ?? (process.env.OPENSEARCH_REFRESH_EVERY_MS && every >= 0 ? every : 200);
    if (!(this.bulkChunk >= 1 && this.bulkParallel >= 1)) throw new Error('bulkChunk and bulkParallel must be at least 1');
    this.client = options.client ?? new Client({ node: options.node });
    const prefix = options.prefix ?? 'modshelf';
    this.index = `${prefix}-projects`;
    this.metaIndex = `${prefix}-meta`;
    this.positions = new OpenSearchPositions(this.client, this.metaIndex);
    this.refresher = new OpenSearchRefresher(
      () => this.client.indices.refresh({ index: this.index }),
      (position) => {
        this.visible(position);
        this.positions.beside(position);
      },
      refreshEveryMs,
    );
  }

  private init(): Promise<void> {
    this.ready ??= this.createIndexes()
      .then(() => this.settleAfterCrash())
      .catch((err) => {
        this.ready = null;
        throw err;
      });
    return this.ready;
  }

  private async createIndexes(): Promise<void> {
    const tagProps: Json = {};
    for (const f of TAG_FIELDS) tagProps[f] = { type: 'keyword' };
    const numProps: Json = {};
    for (const f of NUMBER_FIELDS) numProps[f] = { type: 'double' };
    const exists = await this.client.indices.exists({ index: this.index });
    if (!exists.body) {
      await this.client.indices
        .create({
          index: this.index,
          body: {
            // no periodic refresh: the writer refreshes (each commit, or deferred), and readers with refreshNow()
            settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' },
            mappings: {
              dynamic: 'strict',
              properties: {
                project_id: { type: 'keyword' },
                hit: { type: 'object', enabled: false },
                name_terms: { type: 'keyword' },
                text_terms: { type: 'keyword' },
                tags: { type: 'object', dynamic: true, properties: tagProps as never },
                numbers: { type: 'object', properties: numProps as never },
              },
              dynamic_templates: [{ tags_as_keywords: { path_match: 'tags.*', mapping: { type: 'keyword' } } }],
            },
          },
        })
        .catch((err: { meta?: { body?: { error?: { type?: string } } } }) => {
          if (err.meta?.body?.error?.type !== 'resource_already_exists_exception') throw err;
        });
    }
    const metaExists = await this.client.indices.exists({ index: this.metaIndex });
    if (!metaExists.body) {
      await this.client.indices
        .create({ index: this.metaIndex, body: { settings: { number_of_shards: 1, number_of_replicas: 0 } } })
        .catch((err: { meta?: { body?: { error?: { type?: string } } } }) => {
          if (err.meta?.body?.error?.type !== 'resource_already_exists_exception') throw err;
        });
    }
    // a new index answers 503 (shard RECOVERING) until its primary shard has started
    await this.client.cluster.health({ index: [this.index, this.metaIndex], wait_for_status: 'yellow', timeout: '30s' });
  }

  private static source(projectId: string, doc: SearchDocument): Json {
    const tags: Record<string, string[]> = {};
    for (const [field, values] of Object.entries(doc.tags)) tags[field] = [...new Set(values.map((v) => norm(field, String(v))))];
    return {
      project_id: projectId,
      hit: doc.hit,
      name_terms: [...new Set([...tokenize(doc.text.name), ...tokenize(doc.text.slug)])],
      text_terms: [...new Set([...tokenize(doc.text.name), ...tokenize(doc.text.slug), ...tokenize(doc.text.author), ...tokenize(doc.text.summary)])],
      tags,
      numbers: doc.numbers,
    };
  }

  async search(req: SearchRequest): Promise<SearchResult> {
    await this.init();
    const filter: Json[] = filterQuery(req.filter);
    const should: Json[] = [];
    const words = tokenize(req.query).slice(0, 16);
    if (words.length > 0) {
      const exactOn = (field: string, w: string, last: boolean): Json =>
        last ? { bool: { should: [{ term: { [field]: w } }, { prefix: { [field]: w } }], minimum_should_match: 1 } } : { term: { [field]: w } };
      words.forEach((w, i) => {
        const last = i === words.length - 1;
        filter.push({
          bool: {
            minimum_should_match: 1,
            should: [
              exactOn('text_terms', w, last),
              { fuzzy: { text_terms: { value: w, fuzziness: 'AUTO:5,9', transpositions: true, prefix_length: 0, max_expansions: 24 } } },
            ],
          },
        });
      });
      if (req.sort === 'relevance') {
        // tier scores: every word in name/slug (2), every word exactly somewhere (1), typo matches (0)
        should.push({ constant_score: { boost: 1, filter: { bool: { filter: words.map((w, i) => exactOn('name_terms', w, i === words.length - 1)) } } } });
        should.push({ constant_score: { boost: 1, filter: { bool: { filter: words.map((w, i) => exactOn('text_terms', w, i === words.length - 1)) } } } });
      }
    }
    const sort: Json[] = [];
    if (should.length > 0) sort.push({ _score: 'desc' });
    sort.push({ [SORT_FIELD[req.sort]]: 'desc' }, { project_id: 'asc' });
    const res = await this.client.search({
      index: this.index,
      body: {
        query: { bool: { filter, should } },
        sort,
        from: req.offset,
        size: req.limit,
        track_total_hits: true,
        track_scores: should.length > 0,
        _source: ['hit'],
      },
    });
    const body = res.body as { hits: { total: { value: number } | number; hits: Array<{ _source: { hit: SearchHit } }> } };
    const total = typeof body.hits.total === 'number' ? body.hits.total : body.hits.total.value;
    return { hits: body.hits.hits.map((h) => h._source.hit), total };
  }

  async random(count: number): Promise<string[]> {
    await this.init();
    const res = await this.client.search({
      index: this.index,
      body: { size: count, query: { function_score: { query: { match_all: {} }, random_score: {} } }, _source: ['project_id'] } as never,
    });
    return (res.body as { hits: { hits: Array<{ _source: { project_id: string } }> } }).hits.hits.map((h) => h._source.project_id);
  }

  async count(): Promise<number> {
    await this.init();
    const res = await this.client.count({ index: this.index });
    return (res.body as { count: number }).count;
  }

  async *scan(): AsyncIterable<[string, SearchHit]> {
    await this.init();
    let after: unknown[] | undefined;
    for (;;) {
      const res = await this.client.search({
        index: this.index,
        body: { size: 1000, sort: [{ project_id: 'asc' }], query: { match_all: {} }, _source: ['hit'], ...(after ? { search_after: after } : {}) } as never,
      });
      const hits = (res.body as { hits: { hits: Array<{ _id: string; sort: unknown[]; _source: { hit: SearchHit } }> } }).hits.hits;
      for (const h of hits) yield [h._id, h._source.hit];
      if (hits.length < 1000) return;
      after = hits[hits.length - 1].sort;
    }
  }

  /** The position searches see every change up to. */
  async checkpoint(): Promise<number> {
    await this.init();
    return this.positions.read('checkpoint');
  }

  /**
   * The position every change has been written up to (what a worker resumes after). With
   * deferRefresh it may be ahead of checkpoint(), which only moves once a refresh made the
   * changes searchable.
   */
  async appliedCheckpoint(): Promise<number> {
    await this.init();
    if (!this.deferRefresh) return this.checkpoint();
    const { applied, checkpoint } = await this.positions.both();
    return Math.max(applied, checkpoint);
  }

  /** A writer that died between a write and its refresh left the checkpoint behind: the next writer refreshes now. */
  private async settleAfterCrash(): Promise<void> {
    if (!this.deferRefresh) return;
    const { applied, checkpoint } = await this.positions.both();
    if (applied > checkpoint) this.refresher.after(applied);
  }

  onVisible(listener: (position: number) => void): () => void {
    return this.visibleListeners.add(listener);
  }

  /** Searches see every change this writer wrote up to `position`. */
  private visible(position: number): void {
    this.visibleListeners.emit(position);
  }

  /**
   * Searches see every change written to the index before the call once it resolves (one refresh
   * at a time, shared by the callers that came while one ran): what a reader calls when a worker's
   * position feed says its position is written but not yet refreshed.
   */
  async refreshNow(): Promise<void> {
    await this.init();
    await this.refresher.now();
  }

  /**
   * One bulk request (index/delete with external_gte versions = position); a version conflict means a newer change
   * is stored. With `applied`, the request also records the position as applied (deferred batches of one request).
   */
  private async bulk(changes: readonly SearchChange[], position: number, refresh: boolean, applied = false): Promise<void> {
    const body: Json[] = [];
    for (const c of changes) {
      const meta = { _index: this.index, _id: c.projectId, version: position, version_type: 'external_gte' };
      if (c.doc) body.push({ index: meta }, OpenSearchIndex.source(c.projectId, c.doc));
      else body.push({ delete: meta });
    }
    if (applied) body.push(...this.positions.bulkLines('applied', position));
    const res = await this.client.bulk({ body, refresh });
    const r = res.body as { errors: boolean; items: Array<Record<string, { status: number; error?: unknown }>> };
    if (r.errors) {
      const bad = r.items.map((item) => Object.values(item)[0]).filter((x) => x.error && x.status !== 409 && !(x.status === 404));
      if (bad.length > 0) throw new Error(`OpenSearch bulk failed: ${JSON.stringify(bad.slice(0, 3))}`);
    }
  }

  /**
   * Bulk requests of at most `bulkChunk` changes, `bulkParallel` at once (index/delete with external_gte
   * versions = position), then the checkpoint.
   * A version conflict means a newer change is already stored. The checkpoint is only ever read by
   * id (a real-time get), so its write skips the refresh. Without deferRefresh the bulk is
   * refreshed before it answers; with it, see OpenSearchIndexOptions.deferRefresh.
   */
  async commit(changes: readonly SearchChange[], position: number): Promise<void> {
    await this.init();
    // a checkpoint written beside the last commit failed: the writer redoes its journal after this
    const failure = this.positions.takeFailure();
    if (failure !== null) throw failure;
    const chunks: Array<readonly SearchChange[]> = [];
    for (let i = 0; i < changes.length; i += this.bulkChunk) chunks.push(changes.slice(i, i + this.bulkChunk));
    // a deferred batch of one bulk request records its `applied` position in that request (one round trip)
    const appliedInBulk = this.deferRefresh && chunks.length === 1;
    let next = 0;
    const lane = async () => {
      while (next < chunks.length) await this.bulk(chunks[next++], position, !this.deferRefresh, appliedInBulk);
    };
    await Promise.all(Array.from({ length: Math.min(this.bulkParallel, chunks.length) }, lane));
    if (!this.deferRefresh) {
      // the bulk requests refreshed the index: everything written before them is searchable
      this.visible(position);
      await this.positions.write('checkpoint', position);
      return;
    }
    // the refresh need not wait for `applied`: a checkpoint ahead of it counts as applied (appliedCheckpoint)
    if (changes.length > 0) this.refresher.after(position);
    if (!appliedInBulk) await this.positions.write('applied', position);
    if (changes.length > 0) return;
    if (!this.refresher.behind(position)) {
      // nothing waits for a refresh: every change written is searchable
      this.visible(position);
      this.positions.beside(position);
    }
  }

  async reset(): Promise<void> {
    await this.drop();
    await this.init();
  }

  /** Deletes both indexes (tests, rebuilds). */
  async drop(): Promise<void> {
    await this.refresher.reset();
    await this.positions.written();
    this.positions.takeFailure();
    this.ready = null;
    await this.client.indices.delete({ index: [this.index, this.metaIndex], ignore_unavailable: true });
  }

  /** Lets a pending deferred refresh finish (bounded: 5 s), so a stopped writer leaves its checkpoint current. */
  async close(): Promise<void> {
    await this.refresher.close(5000);
    await this.positions.written();
    if (this.ownsClient) await this.client.close();
  }
}

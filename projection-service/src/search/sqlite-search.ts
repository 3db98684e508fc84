import type Database from 'better-sqlite3';
import { Bitset } from './bitset';
import {
  NUMBER_FIELDS,
  type FacetAtom,
  type FacetFilter,
  type SearchChange,
  type SearchDocument,
  type SearchHit,
  type SearchIndex,
  type SearchRequest,
  type SearchResult,
} from './port';
import { SortedOrder } from './sorted-order';
import { tokenize } from './tokenize';
import { Vocabulary } from './typo';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_docs (rid INTEGER PRIMARY KEY, project_id TEXT NOT NULL UNIQUE, hit TEXT NOT NULL, facets TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5(name, slug, author, summary, tokenize = "unicode61 remove_diacritics 2", prefix = '2 3');
CREATE VIRTUAL TABLE IF NOT EXISTS search_vocab USING fts5vocab(search_fts, 'row');
CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
`;

type NumberField = (typeof NUMBER_FIELDS)[number];
/** Tag fields with many distinct values keep sets of rows instead of bit sets. */
const SPARSE_FIELDS = new Set(['project_id', 'name', 'slug', 'author', 'author_id']);
const CASE_SENSITIVE = new Set(['project_id', 'author_id']);
const SORT_KEY: Record<string, NumberField> = {
  relevance: 'downloads',
  downloads: 'downloads',
  follows: 'follows',
  newest: 'created_timestamp',
  updated: 'modified_timestamp',
};
/** Above this many rows a page is read by walking the precomputed order; below, rows are sorted. */
const WALK_THRESHOLD = 2000;
/** A big batch re-sorts the orders once instead of moving rows one by one. */
const RESORT_THRESHOLD = 256;

interface Stored {
  tags: Record<string, string[]>;
  numbers: Record<NumberField, number>;
  /** hash of the text fields: an update with the same text leaves the FTS5 row alone. */
  th?: number;
}

export function normalizeTag(field: string, value: string): string {
  return CASE_SENSITIVE.has(field) ? value : value.toLowerCase();
}

/**
 * The embedded search index: documents and an FTS5 table in SQLite (written in
 * the caller's transaction), plus in-memory facet bit sets and precomputed sort
 * orders rebuilt from the documents at start. Results of hot queries are cached
 * until the next write.
 */
export class SqliteSearchIndex implements SearchIndex {
  private readonly s;
  private readonly commitTx;
  private cap = 1024;
  private alive = new Bitset(32);
  private readonly ridById = new Map<string, number>();
  private idByRid: Array<string | undefined> = [];
  private nums: Record<NumberField, Float64Array>;
  private readonly dense = new Map<string, Map<string, Bitset>>();
  /** high-cardinality fields: 32-bit hash of the value -> one row id, or several (checked against the row on use). */
  private readonly sparse = new Map<string, Map<number, number | number[]>>();
  private readonly orders: Record<NumberField, SortedOrder>;
  private readonly vocab = new Vocabulary();
  private generation = 0;
  /** set after a big batch: the sort orders are rebuilt on the next query that needs them. */
  private ordersStale = false;
  /** word queries already run, by FTS5 expression, kept up to date by small commits. */
  private readonly ftsCache = new Map<string, { set: Bitset; q: TermQuery }>();
  private readonly resultCache = new Map<string, SearchResult>();

  constructor(readonly db: Database.Database, private readonly checkpointName = 'search') {
    db.exec(SCHEMA);
    this.s = {
      byId: db.prepare<[string], { rid: number; facets: string }>('SELECT rid, facets FROM search_docs WHERE project_id = ?'),
      insert: db.prepare('INSERT INTO search_docs (project_id, hit, facets) VALUES (?, ?, ?)'),
      update: db.prepare('UPDATE search_docs SET hit = ?, facets = ? WHERE rid = ?'),
      del: db.prepare('DELETE FROM search_docs WHERE rid = ?'),
      ftsInsert: db.prepare('INSERT INTO search_fts (rowid, name, slug, author, summary) VALUES (?, ?, ?, ?, ?)'),
      ftsDelete: db.prepare('DELETE FROM search_fts WHERE rowid = ?'),
      // One row with every match: much faster than a row per match through the driver.
      ftsMatch: db.prepare<[string], string | null>('SELECT group_concat(rowid) FROM search_fts WHERE search_fts MATCH ?').pluck(),
      hit: db.prepare<[number], string>('SELECT hit FROM search_docs WHERE rid = ?').pluck(),
      facetsOf: db.prepare<[number], string>('SELECT facets FROM search_docs WHERE rid = ?').pluck(),
      all: db.prepare<[], { rid: number; project_id: string; facets: string }>('SELECT rid, project_id, facets FROM search_docs'),
      scan: db.prepare<[], { project_id: string; hit: string }>('SELECT project_id, hit FROM search_docs ORDER BY project_id'),
      vocab: db.prepare<[], string>('SELECT term FROM search_vocab').pluck(),
      checkpoint: db.prepare<[string], number>('SELECT position FROM checkpoints WHERE name = ?').pluck(),
      setCheckpoint: db.prepare('INSERT OR REPLACE INTO checkpoints (name, position) VALUES (?, ?)'),
    };
    this.nums = this.freshNumbers(this.cap);
    this.orders = {
      downloads: new SortedOrder(() => this.nums.downloads),
      follows: new SortedOrder(() => this.nums.follows),
      created_timestamp: new SortedOrder(() => this.nums.created_timestamp),
      modified_timestamp: new SortedOrder(() => this.nums.modified_timestamp),
    };
    this.commitTx = db.transaction((changes: readonly SearchChange[], position: number) => {
      const after = this.applySync(changes);
      this.setCheckpointSync(position);
      return after;
    });
    this.load();
  }

  private freshNumbers(size: number): Record<NumberField, Float64Array> {
    return {
      downloads: new Float64Array(size),
      follows: new Float64Array(size),
      created_timestamp: new Float64Array(size),
      modified_timestamp: new Float64Array(size),
    };
  }

  private ensureCapacity(rid: number): void {
    if (rid < this.cap) return;
    let cap = this.cap;
    while (cap <= rid) cap *= 2;
    const next = this.freshNumbers(cap);
    for (const f of NUMBER_FIELDS) next[f].set(this.nums[f]);
    this.nums = next;
    this.cap = cap;
  }

  private load(): void {
    const rids: number[] = [];
    for (const row of this.s.all.iterate()) {
      this.addToMemory(row.rid, row.project_id, JSON.parse(row.facets) as Stored);
      rids.push(row.rid);
    }
    for (const f of NUMBER_FIELDS) this.orders[f].rebuild([...rids]);
    for (const term of this.s.vocab.iterate()) this.vocab.add(term);
  }

  private addToMemory(rid: number, projectId: string, stored: Stored): void {
    this.ensureCapacity(rid);
    this.alive.set(rid);
    this.ridById.set(projectId, rid);
    this.idByRid[rid] = projectId;
    for (const f of NUMBER_FIELDS) this.nums[f][rid] = stored.numbers[f] ?? 0;
    for (const [field, values] of Object.entries(stored.tags)) {
      for (const raw of values) {
        const v = normalizeTag(field, raw);
        if (SPARSE_FIELDS.has(field)) {
          let m = this.sparse.get(field);
          if (!m) this.sparse.set(field, (m = new Map()));
          const h = fnv1a(v);
          const cur = m.get(h);
          if (cur === undefined) m.set(h, rid);
          else if (typeof cur === 'number') {
            if (cur !== rid) m.set(h, [cur, rid]);
          } else if (!cur.includes(rid)) cur.push(rid);
        } else {
          let m = this.dense.get(field);
          if (!m) this.dense.set(field, (m = new Map()));
          let b = m.get(v);
          if (!b) m.set(v, (b = new Bitset(0)));
          b.set(rid);
        }
      }
    }
  }

  private removeFromMemory(rid: number, projectId: string, stored: Stored): void {
    this.alive.clear(rid);
    this.ridById.delete(projectId);
    this.idByRid[rid] = undefined;
    for (const [field, values] of Object.entries(stored.tags)) {
      for (const raw of values) {
        const v = normalizeTag(field, raw);
        if (SPARSE_FIELDS.has(field)) {
          const m = this.sparse.get(field);
          const h = fnv1a(v);
          const cur = m?.get(h);
          if (cur === rid) m!.delete(h);
          else if (Array.isArray(cur)) {
            const rest = cur.filter((x) => x !== rid);
            m!.set(h, rest.length === 1 ? rest[0] : rest);
          }
        } else this.dense.get(field)?.get(v)?.clear(rid);
      }
    }
  }

  private static stored(doc: SearchDocument): Stored {
    const t = doc.text;
    return { tags: doc.tags, numbers: doc.numbers, th: fnv1a(`${t.name}\u0000${t.slug}\u0000${t.author}\u0000${t.summary}`) };
  }

  /**
   * Writes the changes to SQLite (call inside a transaction) and returns what to
   * run once the transaction has committed: the in-memory structures follow.
   */
  applySync(changes: readonly SearchChange[]): () => void {
    const memory: Array<() => void> = [];
    const touched: Array<{ rid: number; before: Stored | null; after: Stored | null; projectId: string; tokens?: DocTokens; textSame?: boolean }> = [];
    const small = changes.length <= INCREMENTAL_LIMIT;
    const last = new Map<string, SearchChange>();
    for (const c of changes) last.set(c.projectId, c);
    for (const c of last.values()) {
      // Rows not in memory were never committed: no need to look them up.
      const row = this.ridById.has(c.projectId) ? this.s.byId.get(c.projectId) : undefined;
      if (c.doc === null) {
        if (!row) continue;
        this.s.del.run(row.rid);
        this.s.ftsDelete.run(row.rid);
        touched.push({ rid: row.rid, before: JSON.parse(row.facets), after: null, projectId: c.projectId });
        continue;
      }
      const stored = SqliteSearchIndex.stored(c.doc);
      const facets = JSON.stringify(stored);
      const hit = JSON.stringify(c.doc.hit);
      const before: Stored | null = row ? JSON.parse(row.facets) : null;
      let rid: number;
      if (row) {
        rid = row.rid;
        this.s.update.run(hit, facets, rid);
      } else {
        rid = Number(this.s.insert.run(c.projectId, hit, facets).lastInsertRowid);
      }
      if (before && before.th === stored.th) {
        // Same words (a download count, a status...): the FTS5 row and cached word sets stay as they are.
        touched.push({ rid, before, after: stored, projectId: c.projectId, textSame: true });
        continue;
      }
      const t = c.doc.text;
      if (row) this.s.ftsDelete.run(rid);
      this.s.ftsInsert.run(rid, t.name, t.slug, t.author, t.summary);
      const words = tokenize(`${t.name} ${t.slug} ${t.author} ${t.summary}`);
      const tokens = small ? { all: new Set(words), nameSlug: new Set(tokenize(`${t.name} ${t.slug}`)) } : undefined;
      touched.push({ rid, before, after: stored, projectId: c.projectId, tokens });
      memory.push(() => {
        for (const w of words) if (this.vocab.add(w)) vocabGrew = true;
      });
    }
    if (touched.length === 0) return () => {};
    let vocabGrew = false;
    return () => {
      const bulk = this.ordersStale || touched.length > RESORT_THRESHOLD;
      for (const t of touched) {
        if (t.before) {
          if (!bulk) for (const f of NUMBER_FIELDS) this.orders[f].remove(t.rid, this.nums[f][t.rid]);
          this.removeFromMemory(t.rid, t.projectId, t.before);
        }
        if (t.after) {
          this.addToMemory(t.rid, t.projectId, t.after);
          if (!bulk) for (const f of NUMBER_FIELDS) this.orders[f].insert(t.rid);
        }
      }
      if (bulk) this.ordersStale = true;
      for (const m of memory) m();
      if (!small) this.ftsCache.clear();
      else {
        // Keep cached word queries: re-test only the changed rows against each (typo queries go when new words arrive).
        for (const [expr, entry] of this.ftsCache) {
          if (entry.q.fuzzy && vocabGrew) {
            this.ftsCache.delete(expr);
            continue;
          }
          for (const t of touched) {
            if (t.textSame) continue;
            entry.set.clear(t.rid);
            if (t.after && t.tokens && termMatches(entry.q, t.tokens)) entry.set.set(t.rid);
          }
        }
      }
      this.generation += 1;
      this.resultCache.clear();
    };
  }

  private invalidate(): void {
    this.generation += 1;
    this.ftsCache.clear();
    this.resultCache.clear();
  }

  checkpointSync(): number {
    return this.s.checkpoint.get(this.checkpointName) ?? 0;
  }

  setCheckpointSync(position: number): void {
    this.s.setCheckpoint.run(this.checkpointName, position);
  }

  resetSync(): () => void {
    this.db.exec("DELETE FROM search_docs; DELETE FROM search_fts;");
    this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(this.checkpointName);
    return () => {
      this.alive = new Bitset(32);
      this.ridById.clear();
      this.idByRid = [];
      this.dense.clear();
      this.sparse.clear();
      this.vocab.clear();
      for (const f of NUMBER_FIELDS) this.orders[f].rebuild([]);
      this.invalidate();
    };
  }

  // ---- queries ----

  private fts(q: TermQuery): Bitset {
    const expr = ftsExpression(q);
    const hit = this.ftsCache.get(expr);
    if (hit) return hit.set;
    const b = new Bitset(this.alive.words.length);
    const list = this.s.ftsMatch.get(expr) ?? '';
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list.charCodeAt(i);
      if (c === 44) {
        b.set(n);
        n = 0;
      } else n = n * 10 + (c - 48);
    }
    if (list.length > 0) b.set(n);
    if (this.ftsCache.size > 300) this.ftsCache.clear();
    this.ftsCache.set(expr, { set: b, q });
    return b;
  }

  private tagSet(field: string, value: string): Bitset {
    const v = normalizeTag(field, value);
    if (SPARSE_FIELDS.has(field)) {
      const cur = this.sparse.get(field)?.get(fnv1a(v));
      const rids = cur === undefined ? [] : typeof cur === 'number' ? [cur] : cur;
      return Bitset.fromIterable(rids.filter((rid) => this.rowTags(rid)[field]?.some((x) => normalizeTag(field, x) === v)));
    }
    return this.dense.get(field)?.get(v)?.clone() ?? new Bitset(0);
  }

  private rowTags(rid: number): Record<string, string[]> {
    const json = this.s.facetsOf.get(rid);
    return json ? (JSON.parse(json) as Stored).tags : {};
  }

  /** Every value a field holds (sparse fields: read from the rows, a slow path for rare range facets). */
  private tagValues(field: string): string[] {
    if (!SPARSE_FIELDS.has(field)) return [...(this.dense.get(field)?.keys() ?? [])];
    const values = new Set<string>();
    for (const row of this.s.all.iterate()) for (const v of (JSON.parse(row.facets) as Stored).tags[field] ?? []) values.add(normalizeTag(field, v));
    return [...values];
  }

  private atomSet(a: FacetAtom): Bitset {
    if ((NUMBER_FIELDS as readonly string[]).includes(a.field)) {
      const arr = this.nums[a.field as NumberField];
      const x = Number(a.value);
      const out = new Bitset(this.alive.words.length);
      for (const rid of this.alive.toArray()) if (compare(arr[rid], x, a.op)) out.set(rid);
      return out;
    }
    const value = String(a.value);
    if (a.op === '=') return this.tagSet(a.field, value);
    if (a.op === '!=') return this.alive.andNot(this.tagSet(a.field, value));
    let out = new Bitset(0);
    const target = normalizeTag(a.field, value);
    for (const v of this.tagValues(a.field)) {
      const both = v !== '' && target !== '' && !isNaN(Number(v)) && !isNaN(Number(target));
      const ok = both ? compare(Number(v), Number(target), a.op) : compare(v, target, a.op);
      if (ok) out = out.or(this.tagSet(a.field, v));
    }
    return out;
  }

  private filterSet(filter: FacetFilter): Bitset {
    let result = this.alive.clone();
    for (const group of filter) {
      let any = new Bitset(0);
      for (const conj of group) {
        let all = this.alive.clone();
        for (const atom of conj) all = all.and(this.atomSet(atom));
        any = any.or(all);
      }
      result = result.and(any);
    }
    return result;
  }

  private freshOrder(field: NumberField): SortedOrder {
    if (this.ordersStale) {
      const rids = this.alive.toArray();
      for (const f of NUMBER_FIELDS) this.orders[f].rebuild([...rids]);
      this.ordersStale = false;
    }
    return this.orders[field];
  }

  private page(set: Bitset, count: number, field: NumberField, skip: number, take: number): number[] {
    if (take <= 0 || skip >= count) return [];
    if (count <= WALK_THRESHOLD) {
      const k = this.nums[field];
      const rids = set.toArray().sort((a, b) => k[b] - k[a] || a - b);
      return rids.slice(skip, skip + take);
    }
    const out: number[] = [];
    const order = this.freshOrder(field);
    let seen = 0;
    for (let i = 0; i < order.len && out.length < take; i++) {
      const rid = order.ids[i];
      if (!set.has(rid)) continue;
      if (seen++ >= skip) out.push(rid);
    }
    return out;
  }

  searchSync(req: SearchRequest): SearchResult {
    const key = JSON.stringify([req.query, req.filter, req.sort, req.offset, req.limit]);
    const cached = this.resultCache.get(key);
    if (cached) return cached;

    let match = req.filter.length > 0 ? this.filterSet(req.filter) : this.alive.clone();
    let tiers: Bitset[] = [match];
    const words = tokenize(req.query).slice(0, 16);
    if (words.length > 0) {
      let anyAll: Bitset | null = null;
      let exactAll: Bitset | null = null;
      let nameAll: Bitset | null = null;
      words.forEach((w, i) => {
        const last = i === words.length - 1;
        const exact: TermQuery = { columns: 'all', exact: last ? [] : [w], prefixes: last ? [w] : [], fuzzy: false };
        const typos = this.vocab.candidates(w);
        const anySet = typos.length > 0 ? this.fts({ ...exact, exact: [...exact.exact, ...typos], fuzzy: true }) : this.fts(exact);
        const exactSet = typos.length > 0 ? this.fts(exact) : anySet;
        const nameSet = this.fts({ ...exact, columns: 'nameSlug' });
        anyAll = anyAll ? anyAll.and(anySet) : anySet;
        exactAll = exactAll ? exactAll.and(exactSet) : exactSet;
        nameAll = nameAll ? nameAll.and(nameSet) : nameSet;
      });
      match = match.and(anyAll!);
      if (req.sort === 'relevance') {
        const t0 = match.and(nameAll!);
        const t1 = match.and(exactAll!).andNot(t0);
        const t2 = match.andNot(t0).andNot(t1);
        tiers = [t0, t1, t2];
      } else tiers = [match];
    }
    const field = SORT_KEY[req.sort];
    let total = 0;
    let skip = req.offset;
    let take = req.limit;
    const rids: number[] = [];
    for (const tier of tiers) {
      const c = tier.count();
      total += c;
      if (take > 0) {
        const got = this.page(tier, c, field, skip, take);
        rids.push(...got);
        take -= got.length;
        skip = Math.max(0, skip - c);
      }
    }
    if (total === 0 && words.length > 1) {
      // As Typesense (drop_tokens_threshold 1): nothing matched every word, so drop words from the right.
      const fallback = this.searchSync({ ...req, query: words.slice(0, -1).join(' ') });
      this.resultCache.set(key, fallback);
      return fallback;
    }
    const rawHits = rids.map((rid) => this.s.hit.get(rid)!);
    let parsed: SearchHit[] | null = null;
    const result: SearchResult = {
      total,
      rawHits,
      get hits() {
        return (parsed ??= rawHits.map((h) => JSON.parse(h) as SearchHit));
      },
    };
    if (this.resultCache.size > 1000) this.resultCache.clear();
    this.resultCache.set(key, result);
    return result;
  }

  async search(req: SearchRequest): Promise<SearchResult> {
    return this.searchSync(req);
  }

  async random(count: number): Promise<string[]> {
    const rids = this.alive.toArray();
    for (let i = rids.length - 1; i > 0 && rids.length - i <= count; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [rids[i], rids[j]] = [rids[j], rids[i]];
    }
    return rids.slice(Math.max(0, rids.length - count)).map((r) => this.idByRid[r]!);
  }

  async count(): Promise<number> {
    return this.ridById.size;
  }

  async *scan(): AsyncIterable<[string, SearchHit]> {
    for (const row of this.s.scan.iterate()) yield [row.project_id, JSON.parse(row.hit) as SearchHit];
  }

  async checkpoint(): Promise<number> {
    return this.checkpointSync();
  }

  async commit(changes: readonly SearchChange[], position: number): Promise<void> {
    const after = this.commitTx.immediate(changes, position);
    after();
  }

  async reset(): Promise<void> {
    this.resetSync()();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** One word of a query as FTS5 sees it: exact words and prefixes, in every column or in name and slug. */
interface TermQuery {
  columns: 'all' | 'nameSlug';
  exact: string[];
  prefixes: string[];
  /** built with typo candidates from the vocabulary (stale once new words arrive) */
  fuzzy: boolean;
}

interface DocTokens {
  all: Set<string>;
  nameSlug: Set<string>;
}

/** Commits of at most this many documents update cached word queries in place instead of dropping them. */
const INCREMENTAL_LIMIT = 64;

function ftsExpression(q: TermQuery): string {
  const parts = [...q.exact.map((w) => `"${w}"`), ...q.prefixes.map((w) => `"${w}"*`)];
  const body = parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
  return q.columns === 'nameSlug' ? `{name slug} : ${body}` : body;
}

/** Whether a document's words satisfy a word query (the in-memory twin of ftsExpression). */
function termMatches(q: TermQuery, tokens: DocTokens): boolean {
  const words = q.columns === 'all' ? tokens.all : tokens.nameSlug;
  for (const w of q.exact) if (words.has(w)) return true;
  if (q.prefixes.length > 0) for (const t of words) for (const p of q.prefixes) if (t.startsWith(p)) return true;
  return false;
}

/** FNV-1a, 32 bits. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function compare<T extends number | string>(a: T, b: T, op: FacetAtom['op']): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

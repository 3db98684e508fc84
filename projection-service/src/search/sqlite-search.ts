import type Database from 'better-sqlite3';
import { Bitset } from './bitset';
import { FacetMemory, RESORT_THRESHOLD, fnv1a, type NumberField, type Stored } from './facet-memory';
import { NUMBER_FIELDS, type SearchChange, type SearchDocument, type SearchHit, type SearchIndex, type SearchRequest, type SearchResult } from './port';
import { tokenize } from './tokenize';
import { TermSets, type Term } from './term-sets';
import { Vocabulary } from './typo';
import { decodeSnapshot, encodeSnapshot } from './memory-snapshot';
import { HitCache } from './hit-cache';
import type { DocTokens } from './word-query';

export { normalizeTag } from './facet-memory';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_docs (rid INTEGER PRIMARY KEY, project_id TEXT NOT NULL UNIQUE, hit TEXT NOT NULL, facets TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5(name, slug, author, summary, tokenize = "unicode61 remove_diacritics 2", prefix = '2 3');
CREATE VIRTUAL TABLE IF NOT EXISTS search_vocab USING fts5vocab(search_fts, 'row');
CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS search_snapshots (name TEXT PRIMARY KEY, data BLOB NOT NULL);
`;

const SORT_KEY: Record<string, NumberField> = {
  relevance: 'downloads',
  downloads: 'downloads',
  follows: 'follows',
  newest: 'created_timestamp',
  updated: 'modified_timestamp',
};
/** Commits of at most this many documents update the cached term sets in place instead of dropping them. */
const INCREMENTAL_LIMIT = 64;

function* storedOf(rows: Iterable<{ facets: string }>): Iterable<Stored> {
  for (const row of rows) yield JSON.parse(row.facets) as Stored;
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
  private readonly vocab = new Vocabulary();
  private generation = 0;
  private readonly memory: FacetMemory;
  /** rows of the FTS5 terms already asked for, kept up to date by small commits. */
  private readonly terms: TermSets;
  private readonly resultCache = new Map<string, SearchResult>();
  private readonly hits = new HitCache((rid) => this.s.hit.get(rid)!);
  /** where the in-memory side came from at open: a snapshot valid at the checkpoint, or the rows */
  loadedFrom: 'snapshot' | 'rows' = 'rows';
  /** a snapshot row is stored (the next commit deletes it) */
  private snapshotStored = false;
  /** the stored snapshot matches the in-memory side */
  private snapshotCurrent = false;

  constructor(
    readonly db: Database.Database,
    private readonly checkpointName = 'search',
  ) {
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
      snapshot: db.prepare<[string], Buffer>('SELECT data FROM search_snapshots WHERE name = ?').pluck(),
      saveSnapshot: db.prepare('INSERT OR REPLACE INTO search_snapshots (name, data) VALUES (?, ?)'),
      dropSnapshot: db.prepare('DELETE FROM search_snapshots WHERE name = ?'),
    };
    this.terms = new TermSets((expr) => this.ftsMatch(expr));
    this.memory = new FacetMemory({
      tags: (rid) => {
        const json = this.s.facetsOf.get(rid);
        return json ? (JSON.parse(json) as Stored).tags : {};
      },
      all: () => storedOf(this.s.all.iterate()),
    });
    this.commitTx = db.transaction((changes: readonly SearchChange[], position: number) => {
      const after = this.applySync(changes);
      this.setCheckpointSync(position);
      return after;
    });
    this.load();
  }

  private load(): void {
    const stored = this.s.snapshot.get(this.checkpointName);
    this.snapshotStored = stored !== undefined;
    const snapshot = stored ? readSnapshot(stored) : null;
    if (snapshot && snapshot.position === this.checkpointSync()) {
      this.memory.importState(snapshot.state);
      for (const word of snapshot.vocabulary) this.vocab.add(word);
      this.loadedFrom = 'snapshot';
      this.snapshotCurrent = true;
      return;
    }
    const rids: number[] = [];
    for (const row of this.s.all.iterate()) {
      this.memory.add(row.rid, row.project_id, JSON.parse(row.facets) as Stored);
      rids.push(row.rid);
    }
    for (const f of NUMBER_FIELDS) this.memory.orders[f].rebuild([...rids]);
    for (const term of this.s.vocab.iterate()) this.vocab.add(term);
  }

  /**
   * Stores the in-memory side, at the current checkpoint, for the next open (the storage does at close).
   * The next commit deletes it, in its transaction: a stored snapshot is never behind the rows.
   */
  saveSnapshotSync(): void {
    if (this.snapshotCurrent || !this.db.open) return;
    const bytes = encodeSnapshot({ position: this.checkpointSync(), state: this.memory.exportState(), vocabulary: this.vocab.words() });
    if (!bytes) return;
    this.s.saveSnapshot.run(this.checkpointName, bytes);
    this.snapshotStored = true;
    this.snapshotCurrent = true;
  }

  private static stored(doc: SearchDocument): Stored {
    const t = doc.text;
    return { tags: doc.tags, numbers: doc.numbers, th: fnv1a(`${t.name}\u0000${t.slug}\u0000${t.author}\u0000${t.summary}`) };
  }

  /**
   * Writes the changes to SQLite (call inside a transaction) and returns what to
   * run once the transaction has committed: the in-memory structures follow.
   * The stored snapshot goes in the same transaction (kept, and still current, if it rolls back).
   */
  applySync(changes: readonly SearchChange[]): () => void {
    if (this.snapshotStored) this.s.dropSnapshot.run(this.checkpointName);
    const after = this.applyChanges(changes);
    return () => {
      this.snapshotStored = false;
      this.snapshotCurrent = false;
      after();
    };
  }

  private applyChanges(changes: readonly SearchChange[]): () => void {
    const memory: Array<() => void> = [];
    const touched: Array<{ rid: number; before: Stored | null; after: Stored | null; projectId: string; tokens?: DocTokens; textSame?: boolean }> = [];
    const small = changes.length <= INCREMENTAL_LIMIT;
    const last = new Map<string, SearchChange>();
    for (const c of changes) last.set(c.projectId, c);
    for (const c of last.values()) {
      // Rows not in memory were never committed: no need to look them up.
      const row = this.memory.mayHold(c.projectId) ? this.s.byId.get(c.projectId) : undefined;
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
        for (const w of words) this.vocab.add(w);
      });
    }
    if (touched.length === 0) return () => {};
    return () => {
      const mem = this.memory;
      const bulk = mem.ordersStale || touched.length > RESORT_THRESHOLD;
      for (const t of touched) {
        this.hits.drop(t.rid);
        if (t.before) {
          if (!bulk) for (const f of NUMBER_FIELDS) mem.orders[f].remove(t.rid, mem.nums[f][t.rid]);
          mem.remove(t.rid, t.projectId, t.before);
        }
        if (t.after) {
          mem.add(t.rid, t.projectId, t.after);
          if (!bulk) for (const f of NUMBER_FIELDS) mem.orders[f].insert(t.rid);
        }
      }
      if (bulk) mem.ordersStale = true;
      for (const m of memory) m();
      // Keep the cached term sets after a small commit: re-test only the changed rows against each.
      if (!small) this.terms.clear();
      else this.terms.update(touched.map((t) => ({ rid: t.rid, alive: t.after !== null, tokens: t.tokens, textSame: t.textSame })));
      this.generation += 1;
      this.resultCache.clear();
    };
  }

  private invalidate(): void {
    this.generation += 1;
    this.terms.clear();
    this.resultCache.clear();
  }

  checkpointSync(): number {
    return this.s.checkpoint.get(this.checkpointName) ?? 0;
  }

  setCheckpointSync(position: number): void {
    this.s.setCheckpoint.run(this.checkpointName, position);
  }

  resetSync(): () => void {
    this.db.exec('DELETE FROM search_docs; DELETE FROM search_fts;');
    this.s.dropSnapshot.run(this.checkpointName);
    this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(this.checkpointName);
    return () => {
      this.snapshotStored = false;
      this.snapshotCurrent = false;
      this.memory.clear();
      this.hits.clear();
      this.vocab.clear();
      this.invalidate();
    };
  }

  // ---- queries ----

  /** The rows an FTS5 expression matches. */
  private ftsMatch(expr: string): Bitset {
    const b = new Bitset(this.memory.alive.words.length);
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
    return b;
  }

  searchSync(req: SearchRequest): SearchResult {
    const key = JSON.stringify([req.query, req.filter, req.sort, req.offset, req.limit]);
    const cached = this.resultCache.get(key);
    if (cached) return cached;

    // read only below (and, andNot return new sets): no copy of the alive rows
    let match = req.filter.length > 0 ? this.memory.filterSet(req.filter) : this.memory.alive;
    let tiers: Bitset[] = [match];
    const words = tokenize(req.query).slice(0, 16);
    if (words.length > 0) {
      let anyAll: Bitset | null = null;
      let exactAll: Bitset | null = null;
      let nameAll: Bitset | null = null;
      const ranked = req.sort === 'relevance';
      words.forEach((w, i) => {
        // the last word also matches as a prefix (as-you-type); a word of 5+ letters also matches its typo candidates
        const exact: Term = { columns: 'all', word: w, prefix: i === words.length - 1 };
        const typos = this.vocab.candidates(w).map((c): Term => ({ columns: 'all', word: c, prefix: false }));
        const exactSet = this.terms.get(exact);
        const anySet = typos.length > 0 ? this.terms.union([exact, ...typos]) : exactSet;
        anyAll = anyAll ? anyAll.and(anySet) : anySet;
        // the relevance tiers only: every word in name or slug, every word exactly
        if (!ranked) return;
        const nameSet = this.terms.get({ ...exact, columns: 'nameSlug' });
        exactAll = exactAll ? exactAll.and(exactSet) : exactSet;
        nameAll = nameAll ? nameAll.and(nameSet) : nameSet;
      });
      match = match.and(anyAll!);
      if (req.sort === 'relevance') {
        tiers = Bitset.tiers(match, nameAll!, exactAll!);
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
        const got = this.memory.page(tier, c, field, skip, take);
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
    const rawHits = rids.map((rid) => this.hits.get(rid));
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
    const rids = this.memory.alive.toArray();
    for (let i = rids.length - 1; i > 0 && rids.length - i <= count; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [rids[i], rids[j]] = [rids[j], rids[i]];
    }
    return rids.slice(Math.max(0, rids.length - count)).flatMap((r) => this.memory.idByRid[r] ?? []);
  }

  async count(): Promise<number> {
    // the alive rows are the rows held (without building a restored state's ids)
    return this.memory.alive.count();
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
    try {
      this.saveSnapshotSync();
    } catch {
      // nothing stored: the next open reads the rows
    }
    if (this.db.open) this.db.close();
  }
}

/** A stored snapshot, or null when it cannot be read (damaged, another version): the rows are read instead. */
function readSnapshot(bytes: Buffer) {
  try {
    return decodeSnapshot(bytes);
  } catch {
    return null;
  }
}

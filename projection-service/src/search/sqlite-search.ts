import type Database from 'better-sqlite3';
import { Bitset } from './bitset';
import { FacetMemory, RESORT_THRESHOLD, type NumberField, type Stored } from './facet-memory';
import { NUMBER_FIELDS, type SearchChange, type SearchHit, type SearchIndex, type SearchRequest, type SearchResult } from './port';
import { tokenize } from './tokenize';
import { TermSets } from './term-sets';
import { matchKey, wordTerms, wordTiers } from './word-tiers';
import { pageOfRows } from './row-list';
import { Vocabulary } from './typo';
import { encodeSnapshot } from './memory-snapshot';
import { HitCache } from './hit-cache';
import { kept, MatchCache } from './match-cache';
import type { DocTokens } from './word-query';
import { SnapshotLog, snapshotDue, type SearchLoad, type SnapshotPolicy } from './snapshot-log';
import { searchStatements, storedFacets, storedOf } from './statements';
import { applyDelta } from './delta-load';
import { storedSnapshots } from './snapshot-file';
import { SnapshotKeeper } from './snapshot-keeper';

export { normalizeTag } from './facet-memory';

const SORT_KEY: Record<string, NumberField> = {
  relevance: 'downloads',
  downloads: 'downloads',
  follows: 'follows',
  newest: 'created_timestamp',
  updated: 'modified_timestamp',
};
/** Commits of at most this many documents update the cached term sets in place instead of dropping them. */
const INCREMENTAL_LIMIT = 64;

/**
 * The embedded search index: documents and an FTS5 table in SQLite (written in the caller's transaction), plus in-memory facet bit
 * sets and precomputed sort orders rebuilt from the documents at start. Results of hot queries are cached until the next write.
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
  /** the rows of recent queries and filters, whatever their sort and page */
  private readonly matches = new MatchCache();
  private readonly hits = new HitCache((rids) => this.s.hits(rids));
  /** how the in-memory side was loaded at open */
  load: SearchLoad = { from: 'rows', rows: 0, ms: 0 };
  /** the checkpoint the in-memory side matches: a snapshot is stored only while the file's checkpoint is still there */
  private positionSeen = 0;
  private readonly log: SnapshotLog;
  /** the stored snapshot's state, and the worker that writes the periodic ones */
  readonly snap: SnapshotKeeper;

  /**
   * `snapshots`: when commits also store a fresh snapshot (by default only close does): a worker writes it to its own file
   * (snapshot-keeper.ts), or, for an in-memory database, the commit stores it; a commit inside an outer transaction never does.
   */
  constructor(
    readonly db: Database.Database,
    private readonly checkpointName = 'search',
    private readonly snapshots: SnapshotPolicy = { everyChanges: 0, everyMs: 0 },
  ) {
    this.log = new SnapshotLog(db);
    this.snap = new SnapshotKeeper(db, checkpointName, this.log, snapshots, () => this.s.dropSnapshot.run(checkpointName));
    this.s = searchStatements(db);
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
    const t = performance.now();
    this.load = { ...this.loadMemory(), ms: Math.round(performance.now() - t) };
    this.settled();
  }

  /** A stored snapshot whose change log is whole, and the rows changed after it; else every row. */
  private loadMemory(): Omit<SearchLoad, 'ms'> {
    this.snap.state.stored = this.s.hasSnapshot.get(this.checkpointName) === 1;
    for (const snapshot of storedSnapshots(this.snap.file, this.snap.tokens.current(), () => this.s.snapshot.get(this.checkpointName))) {
      const delta = this.log.changesSince(snapshot.seq);
      if (!delta) continue;
      this.memory.importState(snapshot.state);
      for (const word of snapshot.vocabulary) this.vocab.add(word);
      applyDelta(this.memory, this.vocab, delta.rows, { row: (rid) => this.s.row.get(rid), text: (rid) => this.s.text.get(rid) });
      [this.snap.state.stored, this.snap.state.logging, this.snap.state.since] = [true, true, delta.logged];
      return { from: delta.rows.size > 0 ? 'snapshot+delta' : 'snapshot', rows: delta.rows.size };
    }
    const rids: number[] = [];
    for (const row of this.s.all.iterate()) {
      this.memory.add(row.rid, row.project_id, JSON.parse(row.facets) as Stored);
      rids.push(row.rid);
    }
    for (const f of NUMBER_FIELDS) this.memory.orders[f].rebuild([...rids]);
    for (const term of this.s.vocab.iterate()) this.vocab.add(term);
    return { from: 'rows', rows: rids.length };
  }

  /**
   * Stores the in-memory side for the next open (the storage does at close; an in-memory database's commits too), with the
   * change log's sequence number, and drops the log entries it covers, in one transaction. Call outside a transaction:
   * the in-memory side must match the committed rows. `quiet`: a failure stores nothing and throws nothing.
   */
  saveSnapshotSync(quiet = false): void {
    if ((this.snap.state.stored && this.snap.state.logging && this.snap.state.since === 0) || !this.db.open || this.db.inTransaction) return;
    const save = this.db.transaction(() => {
      // another process committed since this one read the rows (a replay beside a running site): its memory is behind them
      if (this.checkpointSync() !== this.positionSeen) return false;
      const taken = this.encodeSync();
      if (!taken) return false;
      this.s.saveSnapshot.run(this.checkpointName, taken.bytes);
      this.log.trim(taken.seq);
      return true;
    });
    let saved = false;
    try {
      saved = save.immediate();
    } catch (err) {
      if (!quiet) throw err;
    }
    if (!saved) return;
    this.snap.superseded();
    [this.snap.state.stored, this.snap.state.logging, this.snap.state.since, this.snap.state.at] = [true, true, 0, Date.now()];
  }

  /** Pauses the snapshots commits store (a long catch-up); after it, the next commit stores one if it is due. */
  pauseSnapshots(paused: boolean): void {
    this.snap.state.paused = paused;
  }

  private snapshotIfDue(): void {
    const { logging: usable, since, at, paused } = this.snap.state;
    // a snapshot that fails leaves the commit, the stored snapshot and its log as they were (a later one, or close, tries again)
    if (!snapshotDue(this.snapshots, { usable, since, at, paused })) return;
    if (!this.snap.takeInWorker()) this.saveSnapshotSync(true);
  }

  /** The in-memory side encoded with the change log's sequence number (and, for a snapshot file, its token); null when it cannot be. */
  encodeSync(token?: string): { bytes: Buffer; seq: number } | null {
    const seq = this.log.top();
    const bytes = encodeSnapshot({ position: this.checkpointSync(), seq, token, state: this.memory.exportState(), vocabulary: this.vocab.words() });
    return bytes ? { bytes, seq } : null;
  }

  /**
   * Writes the changes to SQLite (call inside a transaction) and returns what to
   * run once the transaction has committed: the in-memory structures follow.
   * While a usable snapshot is stored, the rows' earlier states go to its change log in the same transaction; an unusable
   * one is deleted (kept, as it was, if the transaction rolls back).
   */
  applySync(changes: readonly SearchChange[]): () => void {
    // past the policy's changes within a long catch-up, logging stops (the snapshot goes); the first commit after it stores one
    const { everyChanges } = this.snapshots;
    const logging = this.snap.state.logging && !(this.snap.state.paused && everyChanges > 0 && this.snap.state.since >= everyChanges);
    const dropping = this.snap.state.stored && !logging;
    if (dropping) {
      this.s.dropSnapshot.run(this.checkpointName);
      this.log.clear();
      this.snap.tokens.renew();
    }
    let logged = 0;
    const after = this.applyChanges(changes, (rid, before) => {
      if (!logging) return;
      this.log.append(rid, before);
      logged += 1;
    });
    return () => {
      if (dropping) [this.snap.state.stored, this.snap.state.logging, this.snap.state.since] = [false, false, 0];
      this.snap.state.since += logged;
      this.positionSeen = this.checkpointSync();
      after();
      this.snapshotIfDue();
    };
  }

  private applyChanges(changes: readonly SearchChange[], logged: (rid: number, before: { projectId: string; facets: string } | null) => void): () => void {
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
        logged(row.rid, { projectId: c.projectId, facets: row.facets });
        this.s.del.run(row.rid);
        this.s.ftsDelete.run(row.rid);
        touched.push({ rid: row.rid, before: JSON.parse(row.facets), after: null, projectId: c.projectId });
        continue;
      }
      const stored = storedFacets(c.doc);
      const facets = JSON.stringify(stored);
      const hit = JSON.stringify(c.doc.hit);
      const before: Stored | null = row ? JSON.parse(row.facets) : null;
      let rid: number;
      if (row) {
        rid = row.rid;
        logged(rid, { projectId: c.projectId, facets: row.facets });
        this.s.update.run(hit, facets, rid);
      } else {
        rid = Number(this.s.insert.run(c.projectId, hit, facets).lastInsertRowid);
        logged(rid, null);
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
      if (touched.some((t) => t.before === null || t.after === null)) this.hits.fit(this.memory.alive.count());
      for (const m of memory) m();
      // Keep the cached term sets after a small commit: re-test only the changed rows against each.
      if (!small) this.terms.clear();
      else this.terms.update(touched.map((t) => ({ rid: t.rid, alive: t.after !== null, tokens: t.tokens, textSame: t.textSame })));
      this.generation += 1;
      this.resultCache.clear();
      this.matches.clear();
    };
  }

  /** Loads the in-memory side again from what is committed (after a rollback of commits it had followed, or a reset). */
  reloadSync(): void {
    this.forget();
    this.load = { ...this.loadMemory(), ms: 0 };
    this.settled();
  }

  /** Empties the in-memory side, its caches and the snapshot's state (before a load; after a reset, which has nothing to load). */
  private forget(): void {
    [this.snap.state.stored, this.snap.state.logging, this.snap.state.since] = [false, false, 0];
    [this.memory, this.hits, this.vocab, this.terms, this.resultCache, this.matches].forEach((m) => m.clear());
    this.generation += 1;
  }

  /** After a load or a reset: the checkpoint the in-memory side matches, and the hit cache's budget fitted to its rows. */
  private settled(): void {
    this.positionSeen = this.checkpointSync();
    this.hits.fit(this.memory.alive.count());
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
    this.log.clear();
    this.snap.tokens.renew();
    this.db.prepare('DELETE FROM checkpoints WHERE name = ?').run(this.checkpointName);
    return () => {
      this.forget();
      this.settled();
    };
  }

  // ---- queries ----

  /** The rows an FTS5 expression matches. */
  private ftsMatch(expr: string): Bitset {
    return Bitset.fromList(this.s.ftsMatch.get(expr) ?? '', this.memory.alive.words.length);
  }

  searchSync(req: SearchRequest): SearchResult {
    const key = JSON.stringify([req.query, req.filter, req.sort, req.offset, req.limit]);
    const cached = this.resultCache.get(key);
    if (cached) return cached;

    const words = tokenize(req.query).slice(0, 16);
    const ranked = req.sort === 'relevance';
    const terms = wordTerms(words, (w) => this.vocab.candidates(w));
    const { tiers, counts } = this.matches.get(matchKey(terms, req.filter, ranked, this.terms), () => {
      // read only below (and, andNot return new sets): no copy of the alive rows
      const match = req.filter.length > 0 ? this.memory.filterSet(req.filter) : this.memory.alive;
      return kept(words.length > 0 ? wordTiers(terms, match, ranked, this.terms) : [match]);
    });
    const field = SORT_KEY[req.sort];
    let total = 0;
    let skip = req.offset;
    let take = req.limit;
    const rids: number[] = [];
    tiers.forEach((tier, i) => {
      const c = counts[i];
      total += c;
      if (take <= 0) return;
      const got = tier instanceof Int32Array ? pageOfRows(tier, this.memory.nums[field], skip, take) : this.memory.page(tier, c, field, skip, take);
      rids.push(...got);
      take -= got.length;
      skip = Math.max(0, skip - c);
    });
    if (total === 0 && words.length > 1) {
      // As Typesense (drop_tokens_threshold 1): nothing matched every word, so drop words from the right.
      const fallback = this.searchSync({ ...req, query: words.slice(0, -1).join(' ') });
      this.resultCache.set(key, fallback);
      return fallback;
    }
    const rawHits = this.hits.getAll(rids);
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
    await this.snap.stop();
    try {
      this.saveSnapshotSync();
    } catch {
      // nothing stored: the next open reads the rows
    }
    if (this.db.open) this.db.close();
  }
}

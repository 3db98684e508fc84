import type Database from 'better-sqlite3';
import { fnv1a, type Stored } from './facet-memory';
import type { SearchDocument } from './port';

export const SEARCH_SCHEMA = `
CREATE TABLE IF NOT EXISTS search_docs (rid INTEGER PRIMARY KEY, project_id TEXT NOT NULL UNIQUE, hit TEXT NOT NULL, facets TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5(name, slug, author, summary, tokenize = "unicode61 remove_diacritics 2", prefix = '2 3');
CREATE VIRTUAL TABLE IF NOT EXISTS search_vocab USING fts5vocab(search_fts, 'row');
CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS search_snapshots (name TEXT PRIMARY KEY, data BLOB NOT NULL);
`;

/** The stored hits of rows that are all stored, in the order asked: one statement for a page's rows (prepared once per count). */
function hitReader(db: Database.Database): (rids: readonly number[]) => string[] {
  const byCount: Array<Database.Statement<number[], [number, string]>> = [];
  return (rids) => {
    const n = rids.length;
    byCount[n] ??= db.prepare<number[], [number, string]>(`SELECT rid, hit FROM search_docs WHERE rid IN (${'?,'.repeat(n - 1)}?)`).raw();
    const rows = byCount[n].all(...rids);
    if (n === 1) return rows.map((r) => r[1]);
    const byRid = new Map(rows);
    return rids.map((rid) => byRid.get(rid)!);
  };
}

/** Creates the search index's tables when missing, and prepares its statements. */
export function searchStatements(db: Database.Database) {
  db.exec(SEARCH_SCHEMA);
  return {
    hits: hitReader(db),
    byId: db.prepare<[string], { rid: number; facets: string }>('SELECT rid, facets FROM search_docs WHERE project_id = ?'),
    insert: db.prepare('INSERT INTO search_docs (project_id, hit, facets) VALUES (?, ?, ?)'),
    update: db.prepare('UPDATE search_docs SET hit = ?, facets = ? WHERE rid = ?'),
    del: db.prepare('DELETE FROM search_docs WHERE rid = ?'),
    ftsInsert: db.prepare('INSERT INTO search_fts (rowid, name, slug, author, summary) VALUES (?, ?, ?, ?, ?)'),
    ftsDelete: db.prepare('DELETE FROM search_fts WHERE rowid = ?'),
    // One row with every match: much faster than a row per match through the driver.
    ftsMatch: db.prepare<[string], string | null>('SELECT group_concat(rowid) FROM search_fts WHERE search_fts MATCH ?').pluck(),
    facetsOf: db.prepare<[number], string>('SELECT facets FROM search_docs WHERE rid = ?').pluck(),
    row: db.prepare<[number], { project_id: string; facets: string }>('SELECT project_id, facets FROM search_docs WHERE rid = ?'),
    text: db.prepare<[number], { name: string; slug: string; author: string; summary: string }>(
      'SELECT name, slug, author, summary FROM search_fts WHERE rowid = ?',
    ),
    all: db.prepare<[], { rid: number; project_id: string; facets: string }>('SELECT rid, project_id, facets FROM search_docs'),
    scan: db.prepare<[], { project_id: string; hit: string }>('SELECT project_id, hit FROM search_docs ORDER BY project_id'),
    vocab: db.prepare<[], string>('SELECT term FROM search_vocab').pluck(),
    checkpoint: db.prepare<[string], number>('SELECT position FROM checkpoints WHERE name = ?').pluck(),
    setCheckpoint: db.prepare('INSERT OR REPLACE INTO checkpoints (name, position) VALUES (?, ?)'),
    snapshot: db.prepare<[string], Buffer>('SELECT data FROM search_snapshots WHERE name = ?').pluck(),
    hasSnapshot: db.prepare<[string], number>('SELECT count(*) FROM search_snapshots WHERE name = ?').pluck(),
    saveSnapshot: db.prepare('INSERT OR REPLACE INTO search_snapshots (name, data) VALUES (?, ?)'),
    dropSnapshot: db.prepare('DELETE FROM search_snapshots WHERE name = ?'),
  };
}

/** The stored facets of each row, parsed one at a time. */
export function* storedOf(rows: Iterable<{ facets: string }>): Iterable<Stored> {
  for (const row of rows) yield JSON.parse(row.facets) as Stored;
}

/** What `search_docs.facets` stores of a document: its tags, numbers and a hash of its text. */
export function storedFacets(doc: SearchDocument): Stored {
  const t = doc.text;
  return { tags: doc.tags, numbers: doc.numbers, th: fnv1a(`${t.name}\u0000${t.slug}\u0000${t.author}\u0000${t.summary}`) };
}

import Database from 'better-sqlite3';
import { SqliteSearchIndex } from '../projection-service/src/search/sqlite-search';
import { encodeSnapshot } from '../projection-service/src/search/memory-snapshot';
const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL');
const idx = new SqliteSearchIndex(db, 'projections');
console.log('load', idx.load);
const mem = (idx as unknown as { memory: { exportState(): never; ordersStale: boolean } }).memory;
const vocab = (idx as unknown as { vocab: { words(): string[] } }).vocab;
for (let i = 0; i < 4; i++) {
  if (i >= 2) mem.ordersStale = true;
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const state = mem.exportState() as import('../projection-service/src/search/facet-memory').MemoryState;
  const t1 = performance.now();
  const words = vocab.words();
  const t2 = performance.now();
  const bytes = encodeSnapshot({ position: 1, seq: 1, state, vocabulary: words })!;
  const t3 = performance.now();
  db.prepare('CREATE TABLE IF NOT EXISTS tmp_snap (name TEXT PRIMARY KEY, data BLOB)').run();
  db.transaction(() => db.prepare('INSERT OR REPLACE INTO tmp_snap VALUES (?, ?)').run('x', bytes)).immediate();
  const t4 = performance.now();
  const c = process.cpuUsage(c0);
  console.log({ staleOrders: i >= 2, exportMs: +(t1 - t0).toFixed(1), vocabMs: +(t2 - t1).toFixed(1), encodeMs: +(t3 - t2).toFixed(1), writeMs: +(t4 - t3).toFixed(1), cpuMs: Math.round((c.user + c.system) / 1000), bytes: bytes.length, ids: state.ids.text.length, vocabWords: words.length });
}

import Database from 'better-sqlite3';
import { SqliteSearchIndex } from '../projection-service/src/search/sqlite-search';
const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL');
const idx = new SqliteSearchIndex(db, 'projections');
type M = { alive: { toArray(): number[] }; sparse: Map<string, { pairs(): Uint32Array }>; ids: { list(a: () => number[]): unknown }; exportState(): unknown };
const mem = (idx as unknown as { memory: M }).memory;
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const lap = (name: string) => { const n = performance.now(); console.log(name, (n - t).toFixed(1)); t = n; };
  for (const [f, s] of mem.sparse) { const p = s.pairs(); lap('sparse ' + f + ' ' + p.length); }
  mem.alive.toArray(); lap('alive.toArray');
  mem.ids.list(() => mem.alive.toArray()); lap('ids.list');
  mem.exportState(); lap('export');
}

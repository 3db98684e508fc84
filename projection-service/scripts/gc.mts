import Database from 'better-sqlite3';
const db = new Database('/tmp/sb100k/data/projections.sqlite', { readonly: true });
const a = db.prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ?').pluck();
const b = db.prepare("SELECT group_concat(rowid) FROM search_fts WHERE search_fts MATCH ?").pluck();
for (const q of ['"tri"*', '"van"*', '"mega"', '"tri"*']) {
  let t = performance.now();
  let n = 0;
  for (const r of a.iterate(q)) n++;
  const t1 = performance.now() - t;
  t = performance.now();
  const s = b.get(q) as string;
  const ids = s.split(',');
  let m = 0;
  for (const x of ids) m += +x > 0 ? 1 : 0;
  const t2 = performance.now() - t;
  console.log(q, n, t1.toFixed(2), m, t2.toFixed(2));
}

const Database = require('better-sqlite3');
const a = new Database('/tmp/snapbg/ro.db'); a.pragma('journal_mode = WAL');
a.exec("CREATE TABLE IF NOT EXISTS t (x); CREATE VIRTUAL TABLE IF NOT EXISTS f USING fts5(a); CREATE VIRTUAL TABLE IF NOT EXISTS v USING fts5vocab(f, 'row');");
a.exec('BEGIN IMMEDIATE; INSERT INTO t VALUES (1)');
const b = new Database('/tmp/snapbg/ro.db', { readonly: true }); b.pragma('busy_timeout = 0');
b.exec('BEGIN');
b.exec("CREATE TABLE IF NOT EXISTS t (x); CREATE VIRTUAL TABLE IF NOT EXISTS f USING fts5(a); CREATE VIRTUAL TABLE IF NOT EXISTS v USING fts5vocab(f, 'row');");
console.log('ok readonly, count', b.prepare('select count(*) from t').pluck().get());
b.exec('COMMIT');

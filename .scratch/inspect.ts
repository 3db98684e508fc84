import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { readSnapshot } from '../projection-service/src/search/memory-snapshot';
const db = new Database(process.argv[2], { readonly: true });
const snap = readSnapshot(readFileSync(process.argv[2] + '.projections.search-snapshot'));
console.log({ fileSeq: snap?.seq, fileToken: snap?.token, token: db.prepare('SELECT * FROM search_snapshot_token').all(), top: db.prepare("SELECT seq FROM sqlite_sequence WHERE name='search_log'").pluck().get(), count: db.prepare('SELECT count(*) FROM search_log').pluck().get(), min: db.prepare('SELECT min(seq) FROM search_log').pluck().get(), inFile: db.prepare('SELECT count(*) FROM search_snapshots').pluck().get() });

import Database from 'better-sqlite3';
import { readModelContract } from './contract';
import { SqliteReadModels } from './sqlite';

readModelContract('sqlite', async () => {
  const db = new Database(':memory:');
  return { store: new SqliteReadModels(db), cleanup: async () => void db.close() };
});

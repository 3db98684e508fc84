import { SqliteEventStore } from '@modshelf/events';
import { writeDataset } from '../../bench/dataset';
const store = new SqliteEventStore({ path: process.argv[2] });
console.log(writeDataset(store, Number(process.argv[3])));
await store.close();

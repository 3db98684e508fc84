import { SqliteEventStore } from '@modshelf/events';
import { generateCatalogue } from '../src/bench/catalogue-generator';
const store = new SqliteEventStore({ path: process.argv[2] });
console.log(await generateCatalogue(store, Number(process.argv[3])).then((g) => g.events));
await store.close();

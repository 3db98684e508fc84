import { SqliteEventStore } from '@modshelf/events';
import { startProjections } from '../src/index';
import { parseSearchParams } from '../src/search/facets';
import { rng, vocabulary } from '../src/bench/catalogue-generator';
const store = new SqliteEventStore({ path: '/tmp/ev100k.sqlite' });
const t0 = performance.now();
const p = await startProjections({ store, dataDir: '/tmp/sb100k/data' });
await p.ready;
console.log('open ms', (performance.now() - t0).toFixed(0));
const w = vocabulary(20000, rng(42));
const random = rng(9);
const pick = <T>(l: readonly T[]) => l[Math.floor(random() * l.length)];
const kinds: Record<string, () => Record<string, string>> = {
  facets: () => ({ facets: JSON.stringify([[`categories:${pick(['technology', 'magic', 'adventure', 'utility'])}`], ['project_type:mod']]) }),
  rare: () => ({ query: pick(w.slice(10000)) }),
  common: () => ({ query: pick(w.slice(0, 10)) }),
  typo: () => { const s = pick(w.filter((x) => x.length >= 6)); return { query: s.slice(0, 2) + s.slice(3) }; },
  prefix: () => ({ query: pick(w).slice(0, 3) }),
  two: () => ({ query: `${pick(w.slice(0, 50))} ${pick(w.slice(0, 200))}` }),
};
const search = p.storage.search as any;
for (const [k, make] of Object.entries(kinds)) {
  const lat: number[] = [];
  for (let i = 0; i < 40; i++) {
    const req = parseSearchParams(make());
    const s = performance.now();
    const r = search.searchSync(req);
    lat.push(performance.now() - s);
    if (i === 0) console.log(k, JSON.stringify(req.query), 'total', r.total);
  }
  lat.sort((a, b) => a - b);
  console.log(k.padEnd(8), 'p50', lat[20].toFixed(2), 'p90', lat[36].toFixed(2), 'max', lat[39].toFixed(2));
}
await p.close();

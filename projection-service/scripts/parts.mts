import { SqliteEventStore } from '@modshelf/events';
import { startProjections } from '../src/index';
import { rng, vocabulary } from '../src/bench/catalogue-generator';
const store = new SqliteEventStore({ path: '/tmp/ev100k.sqlite' });
const p = await startProjections({ store, dataDir: '/tmp/sb100k/data' });
await p.ready;
const s = p.storage.search as any;
const w = vocabulary(20000, rng(42));
const random = rng(11);
const pick = <T>(l: readonly T[]) => l[Math.floor(random() * l.length)];
const time = (label: string, f: () => unknown) => { const t = performance.now(); const r = f(); console.log(label.padEnd(40), (performance.now() - t).toFixed(2), 'ms', Array.isArray(r) ? r.length : (r as any)?.count?.() ?? ''); return r; };
console.log('vocab size', s.vocab.size);
for (let i = 0; i < 3; i++) {
  const rare = pick(w.slice(10000));
  time(`candidates ${rare}`, () => s.vocab.candidates(rare));
  time(`fts exact "${rare}"`, () => s.fts(`"${rare}"`));
  time(`fts name "${rare}"`, () => s.fts(`{name slug} : "${rare}"`));
  const c = s.vocab.candidates(rare);
  time(`fts fuzzy ${c.length}`, () => s.fts(`(${[`"${rare}"`, ...c.map((x: string) => `"${x}"`)].join(' OR ')})`));
  const com = pick(w.slice(0, 10));
  time(`fts common "${com}"`, () => s.fts(`("${com}" OR "${com}"*)`));
  const pre = pick(w).slice(0, 3);
  time(`fts prefix "${pre}"*`, () => s.fts(`"${pre}"*`));
}
await p.close();

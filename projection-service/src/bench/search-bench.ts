/**
 * Read-side figures: `node --import tsx projection-service/src/bench/search-bench.ts [projects]`.
 * Generates a catalogue into a temporary event log, projects it (replay rate),
 * then times a search mix through Fastify inject and reports RSS.
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@modshelf/events';
import { installErrorHandling } from '@modshelf/service-kit';
import { registerQueryRoutes, startProjections } from '../index';
import { generateCatalogue, rng, vocabulary } from './catalogue-generator';

const n = Number(process.argv[2] ?? 10000);
/** optional: an existing log (made by generateCatalogue with the same n) and projections folder to reuse */
const existingLog = process.argv[3];
const dir = existingLog ? process.argv[4] ?? mkdtempSync(join(tmpdir(), 'search-bench-')) : mkdtempSync(join(tmpdir(), 'search-bench-'));
const store = new SqliteEventStore({ path: existingLog ?? join(dir, 'events.sqlite') });
let t = performance.now();
const gen = existingLog
  ? { projects: n, events: await store.headPosition(), words: vocabulary(Math.max(200, Math.min(20000, n / 5)), rng(42)) }
  : await generateCatalogue(store, n);
const genS = (performance.now() - t) / 1000;
t = performance.now();
const projections = await startProjections({ store, dataDir: join(dir, 'data') });
await projections.ready;
const replayS = (performance.now() - t) / 1000;

const app = Fastify();
installErrorHandling(app);
registerQueryRoutes(app, { projections, publicUrl: 'http://localhost' });
await app.ready();

const random = rng(7);
const w = gen.words;
const common = w.slice(0, 10);
const rare = w.slice(Math.floor(w.length / 2));
const pick = <T>(l: readonly T[]) => l[Math.floor(random() * l.length)];
const typo = (s: string) => (s.length >= 5 ? s.slice(0, 2) + s.slice(3) : s);
const queries: string[] = [];
for (let i = 0; i < 400; i++) {
  const kind = i % 5;
  const p = new URLSearchParams();
  if (kind === 0) p.set('facets', JSON.stringify([[`categories:${pick(['technology', 'magic', 'adventure', 'utility'])}`], ['project_type:mod']]));
  if (kind === 1) p.set('query', pick(rare));
  if (kind === 2) p.set('query', pick(common));
  if (kind === 3) p.set('query', typo(pick(w.filter((x) => x.length >= 6))));
  if (kind === 4) p.set('query', pick(w).slice(0, 3));
  if (random() < 0.3) p.set('index', pick(['downloads', 'follows', 'newest', 'updated']));
  queries.push(`/v2/search?${p}`);
}
async function run(rounds: number) {
  const lat: number[] = [];
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++)
    for (const q of queries) {
      const s = performance.now();
      const res = await app.inject(q);
      if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
      lat.push(performance.now() - s);
    }
  const secs = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return { requests: lat.length, rps: Math.round(lat.length / secs), p50: +lat[Math.floor(lat.length * 0.5)].toFixed(2), p99: +lat[Math.floor(lat.length * 0.99)].toFixed(2), max: +lat[lat.length - 1].toFixed(2) };
}
const cold = await run(1);
const warm = await run(3);
console.log(JSON.stringify({ projects: n, events: gen.events, generate_s: +genS.toFixed(1), replay_s: +replayS.toFixed(1), replay_events_per_s: Math.round(gen.events / replayS), search_cold: cold, search_warm: warm, rss_mb: Math.round(process.memoryUsage().rss / 2 ** 20) }, null, 1));
await app.close();
await projections.close();
await store.close();
if (!existingLog) rmSync(dir, { recursive: true, force: true });

import { benchAppend } from './append';
import { benchSearchAt } from './search';
import { benchCommands } from './commands';
import { benchReplay } from './replay';
import { benchWeb } from './web';
import { startSite } from '../site/src/index';
import { tempDir } from './util';

/** Initial JS and home-page LCP, against the whole site with a seeded catalogue. */
async function benchWebOnSite() {
  const tmp = tempDir('web');
  const site = await startSite({ env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: tmp.dir, SEED_PROJECTS: '60', LOG_LEVEL: 'silent' } });
  try {
    return { ...(await benchWeb({ url: site.url })), goals: { initial_js_gzip_kib: 150, lcp_ms: 1000 } };
  } finally {
    await site.close();
    tmp.remove();
  }
}
import { log } from './util';

type Section = [name: string, run: () => Promise<unknown>];

/** `npm run bench`: runs every section and prints one JSON document on stdout. */
async function main() {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const sections: Section[] = [
    ['append', () => benchAppend()],
    ['commands', () => benchCommands()],
    ['search_10k', () => benchSearchAt(10_000)],
    ['search_100k', () => benchSearchAt(100_000)],
    ['replay', () => benchReplay()],
    ['web', () => benchWebOnSite()],
  ];
  const results: Record<string, unknown> = {
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    started: new Date().toISOString(),
  };
  for (const [name, run] of sections) {
    if (only.length && !only.includes(name)) continue;
    log(`running ${name}`);
    try {
      results[name] = await run();
    } catch (err) {
      results[name] = { error: String((err as Error)?.stack ?? err) };
    }
  }
  process.stdout.write(JSON.stringify(results, null, 2) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

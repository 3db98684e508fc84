import { benchAppend } from './append';
import { benchSearchAt } from './search';
import { benchCommands } from './commands';
import { benchDownloads } from './downloads';
import { benchReplay } from './replay';
import { benchWeb } from './web';
import { benchCommandStartup } from './command-startup';
import { benchScale } from './scale';
import { COMPILED_WORKERS } from '@modshelf/projection-service';
import { buildServer, OUT_DIR, serverBuildStale } from '../scripts/server-build.mjs';
import { ensureChromium } from '@modshelf/e2e/chromium';
import { startSite } from '../site/src/index';
import { tempDir } from './util';
import { sweepStale } from './on-stop';
import { distributedSummary } from '../integration/src/bench-summary';

/** Initial JS, LCP per public route and the project page's request chain, against the whole site with a seeded catalogue. */
async function benchWebOnSite() {
  // Debian's chromium first (installed when missing and possible), before seeding a site for nothing
  const found = ensureChromium();
  if (!found.ok) return { error: found.message };
  const tmp = tempDir('web');
  const site = await startSite({ env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: tmp.dir, SEED_PROJECTS: '60', LOG_LEVEL: 'silent' } });
  try {
    return await benchWeb({ url: site.url });
  } finally {
    await site.close();
    tmp.remove();
  }
}
import { log } from './util';

type Section = [name: string, run: () => Promise<unknown>];

/** `npm run bench`: runs every section and prints one JSON document on stdout. */
/** `--profile distributed`: the distributed figures (integration/bench.sh starts the real servers it can). */
async function benchDistributed(): Promise<unknown> {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync('bash', ['integration/bench.sh'], {
    cwd: new URL('..', import.meta.url).pathname,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 1_200_000,
  });
  const text = r.stdout ?? '';
  const start = text.indexOf('{');
  if (r.status !== 0 || start < 0) return { error: `integration/bench.sh exited ${r.status}`, output: text.slice(-2000) };
  return JSON.parse(text.slice(start));
}

async function main() {
  const args = process.argv.slice(2);
  const profileAt = args.indexOf('--profile');
  const profile = profileAt >= 0 ? args[profileAt + 1] : 'embedded';
  const projectsAt = args.indexOf('--projects');
  const projects = projectsAt >= 0 ? Number(args[projectsAt + 1]) : 100_000;
  if (!Number.isInteger(projects) || projects < 1000) throw new Error('--projects takes a whole number of at least 1000');
  const named = args.filter((a, i) => !a.startsWith('--') && (profileAt < 0 || i !== profileAt + 1) && (projectsAt < 0 || i !== projectsAt + 1));
  // `--projects N` alone runs the scale section only (the other sections do not depend on N)
  const only = named.length === 0 && projectsAt >= 0 ? ['scale'] : named;
  const swept = sweepStale();
  if (swept.length) log(`removed ${swept.length} temp folders of bench runs that were killed: ${swept.join(', ')}`);
  // the sites the bench spawns run the compiled server (dist/server), built once here
  if (serverBuildStale()) await buildServer();
  // the phases that run in this process, or in a child through tsx (the scale section's build and live catch-up, replay, the web section's site),
  // start their worker threads from those bundles too, as the site does, not from the source through tsx's loader
  process.env[COMPILED_WORKERS] = OUT_DIR;
  const sections: Section[] = [
    ['append', () => benchAppend()],
    ['commands', () => benchCommands()],
    ['downloads', () => benchDownloads()],
    ['search_10k', () => benchSearchAt(10_000)],
    ['search_100k', () => benchSearchAt(100_000)],
    ['replay', () => benchReplay()],
    ['command_startup', () => benchCommandStartup()],
    ['web', () => benchWebOnSite()],
    ['scale', () => benchScale(projects)],
  ];
  const results: Record<string, unknown> = {
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    started: new Date().toISOString(),
  };
  if (profile === 'distributed') {
    // the distributed figures beside the embedded ones (append, freshness, search)
    sections.splice(
      0,
      sections.length,
      ['append', () => benchAppend()],
      ['commands', () => benchCommands()],
      ['search_10k', () => benchSearchAt(10_000)],
      ['distributed', benchDistributed],
      // a command replica's start-up and RSS with 100k projects in the log
      ['command_startup', () => benchCommandStartup([100_000])],
    );
  }
  for (const [name, run] of sections) {
    if (only.length && !only.includes(name)) continue;
    log(`running ${name}`);
    try {
      results[name] = await run();
    } catch (err) {
      results[name] = { error: String((err as Error)?.stack ?? err) };
    }
  }
  // the issue-9 figures in one place: commands/s 3 vs 1 replica, relay and projection events/s, freshness, replica start-up
  if (profile === 'distributed') results.summary = distributedSummary(results.distributed, results.command_startup);
  process.stdout.write(JSON.stringify(results, null, 2) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

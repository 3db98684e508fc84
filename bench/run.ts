import { benchAppend } from './append';
import { benchSearchAt } from './search';
import { benchCommands } from './commands';
import { benchReplay } from './replay';
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

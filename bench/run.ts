import { benchAppend } from './append';
import { log } from './util';

type Section = [name: string, run: () => Promise<unknown>];

/** `npm run bench`: runs every section and prints one JSON document on stdout. */
async function main() {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const sections: Section[] = [['append', () => benchAppend()]];
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

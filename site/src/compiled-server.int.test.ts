import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { FIRST_BUILD_NODE_FLAGS } from '@modshelf/projection-service';
import { NODE_FLAGS, OUT_DIR, serverBuildStale } from '../../scripts/server-build.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/** The packages a compiled entry loads when it starts: the bare imports of its file and of the chunks it imports statically. */
function staticPackages(entry: string): Set<string> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(join(OUT_DIR, file), 'utf8').matchAll(/^\s*(?:import|export)\s(?:[^;]*?\sfrom\s*)?"([^"]+)"/gm)) {
      if (m[1].startsWith('./')) visit(m[1].slice(2));
      else packages.add(m[1]);
    }
  };
  visit(entry);
  return packages;
}

/**
 * A script for NODE_OPTIONS=--require that has every node process of a run (not its worker threads) write its flags and
 * script into `dir` as it starts; `processes` reads them, in the order they started.
 */
function processProbe(dir: string): { probe: string; processes: () => Array<[string[], string]> } {
  const probe = join(dir, 'probe.cjs');
  const seen = join(dir, 'seen.jsonl');
  writeFileSync(
    probe,
    `if (require('node:worker_threads').isMainThread) require('node:fs').appendFileSync(${JSON.stringify(seen)}, JSON.stringify([process.execArgv, process.argv[1]]) + '\\n');`,
  );
  const processes = () =>
    readFileSync(seen, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as [string[], string]);
  return { probe, processes };
}

/**
 * `npm start`'s compiled site (scripts/run-server.mjs main) over `dir`, API only, on a free port of 127.0.0.1, with `env` on
 * top: its URL once it says it is ready, what it wrote on stderr so far, and a stop that waits for it to exit and removes `dir`.
 */
function startCompiledSite(dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/run-server.mjs', 'main'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SEED: 'false', WEB: 'false', LOG_LEVEL: 'info', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((r) => child.once('exit', r));
  const ready = new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`no "ready" line within 90 s: ${errors}`)), 90_000);
    void exited.then((code) => {
      clearTimeout(timer);
      rej(new Error(`exited with ${String(code)}: ${errors}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /Modshelf is ready: (http:\/\/localhost:\d+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
  });
  return {
    child,
    ready,
    errors: () => errors,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('npm start runs compiled JavaScript', () => {
  it('builds dist/server when missing or stale, then serves from the bundle without the TypeScript loader', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compiled-'));
    const site = startCompiledSite(dir, {});
    try {
      const url = await site.ready;
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
      const search = await (await fetch(`${url}/v2/search`)).json();
      expect(search.total_hits).toBe(0);
      // counted by the read models' counts worker, a script of the bundle of its own
      expect(await (await fetch(`${url}/v2/statistics`)).json()).toEqual({ projects: 0, versions: 0, files: 0, authors: 0 });
      expect(existsSync(join(OUT_DIR, 'main.js'))).toBe(true);
      expect(serverBuildStale()).toBe(false);
      // the process runs the bundle, not the TypeScript loader
      expect(readFileSync(`/proc/${site.child.pid}/cmdline`, 'utf8')).not.toContain('tsx');
    } finally {
      await site.stop();
    }
  }, 120_000);

  it('npm run replay rebuilds in a process started with its node flags (NODE_FLAGS), and answers as the entry does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compiled-replay-'));
    const { probe, processes } = processProbe(dir);
    try {
      const child = spawn(process.execPath, ['scripts/run-server.mjs', 'replay'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dir, NODE_OPTIONS: `--require ${probe}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      const code = await new Promise((r) => child.once('exit', r));
      expect(code).toBe(0);
      expect(JSON.parse(out)).toMatchObject({ equal: true, events: 0 });
      // run-server.mjs, and the child it starts with the flags
      expect(processes().map(([flags]) => flags)).toEqual([[], NODE_FLAGS.replay]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("a first start over a long log builds the projections in the bundle's child process, with replay's node flags", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compiled-first-build-'));
    const { probe, processes } = processProbe(dir);
    const store = new SqliteEventStore({ path: join(dir, 'events.db') });
    writeCatalogueEvents(store, 40);
    const head = await store.headPosition();
    await store.close();
    const site = startCompiledSite(dir, { FIRST_BUILD_MIN_EVENTS: '1', NODE_OPTIONS: `--require ${probe}` });
    try {
      const url = await site.ready;
      expect(site.errors()).toMatch(new RegExp(`first build: ${head} events in [\\d.]+ s, in a child process`));
      expect(((await (await fetch(`${url}/v2/search`)).json()) as { total_hits: number }).total_hits).toBe(40);
      // run-server.mjs runs the site in place; the site starts the build's entry of the bundle with its flags
      expect(processes()).toEqual([
        [[], join(ROOT, 'scripts/run-server.mjs')],
        [FIRST_BUILD_NODE_FLAGS, join(OUT_DIR, 'projection-first-build.js')],
      ]);
    } finally {
      await site.stop();
    }
  }, 120_000);

  it("the embedded site does not load the distributed profile's clients at start (they are imported only when configured)", () => {
    const main = staticPackages('main.js');
    expect(main).toContain('fastify');
    expect(main).toContain('better-sqlite3');
    for (const client of ['mongodb', '@opensearch-project/opensearch', '@eventstore/db-client', 'kafkajs']) expect(main).not.toContain(client);
    // the same walk finds them where they are loaded at start
    expect([...staticPackages('bus-worker.js')]).toEqual(expect.arrayContaining(['mongodb', '@opensearch-project/opensearch', 'kafkajs']));
  });
});

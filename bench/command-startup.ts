import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteEventStore } from '@modshelf/events';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { ROOT } from './server';
import { log, round, tempDir } from './util';
import { killNow, onStop } from './on-stop';

interface ReplicaStart {
  /** process start to listening (node + tsx start-up included) */
  listening_ms: number;
  /** spawn to the first answer of a route that reads the lookup (a version by id, its project by id) */
  first_lookup_answer_ms: number;
  rss_mb: number;
}

/** Starts bench/command-replica.ts on the log, asks one lookup question 50 times, reads its RSS, stops it. */
async function startReplica(dir: string, probe: { projectId: string; versionId: string }): Promise<ReplicaStart> {
  const spawned = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/command-replica.ts'], {
    cwd: ROOT,
    env: { ...process.env, EVENTS_DB: join(dir, 'events.db'), DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const forget = onStop(() => killNow(child.pid));
  try {
    const ready = await new Promise<{ port: number; listening_ms: number }>((res, rej) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) res(JSON.parse(line));
      });
      child.once('exit', (code) => rej(new Error(`replica exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${ready.port}/cdn/data/${probe.projectId}/versions/${probe.versionId}/missing.zip`;
    let first = 0;
    for (let i = 0; i < 50; i++) {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status !== 404) throw new Error(`probe answered ${r.status}`);
      if (i === 0) first = performance.now() - spawned;
    }
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN);
    return { listening_ms: ready.listening_ms, first_lookup_answer_ms: round(first, 0), rss_mb: Math.round(kb / 1024) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    forget();
  }
}

async function atSize(projects: number) {
  const tmp = tempDir(`replica-${projects}`);
  try {
    const store = new SqliteEventStore({ path: join(tmp.dir, 'events.db') });
    const written = performance.now();
    const { events } = writeCatalogueEvents(store, projects);
    log(`command start-up: ${projects} projects, ${events} events written in ${Math.round(performance.now() - written)} ms`);
    const [v] = (await store.readAll({ after: 0, maxCount: 5000 })).filter((e) => e.type === 'VersionPublished');
    const probe = { projectId: (v.data as { project_id: string }).project_id, versionId: (v.data as { version_id: string }).version_id };
    await store.close();
    // the log was written without the lookup tables (as a log from before them): the first replica builds them once
    const first = await startReplica(tmp.dir, probe);
    const next = await startReplica(tmp.dir, probe);
    return { projects, events, first_start_builds_index: first, later_start: next };
  } finally {
    tmp.remove();
  }
}

/**
 * A command replica's start-up time and RSS against the log's size: 1k and 100k projects.
 * Later starts read the lookup tables in the log's file; nothing is folded.
 */
export async function benchCommandStartup(sizes = [1_000, 100_000]) {
  const out = [];
  for (const n of sizes) out.push(await atSize(n));
  return { sizes: out, goals: { later_start_listening_ms_at_100k: 3000 } };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { DownloadsCounted, SqliteEventStore, type EventStore } from '@modshelf/events';
import { installErrorHandling } from '@modshelf/service-kit';
import { registerCatalogueCommands } from '../plugin';
import { approve, createProject, harness, installTestAuth, PUBLIC_URL } from '../testing/harness';

const SERVER = join(import.meta.dirname, '..', 'testing', 'replica-main.ts');
let child: ChildProcess | null = null;
let cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
  }
  for (const f of cleanup.reverse()) await f();
  cleanup = [];
});

/** Starts the download server on the harness' log and data dir; answers its base url. */
async function serve(dir: string): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, EVENTS_DB: join(dir, 'events.db'), DATA_DIR: dir, FLUSH_MS: '100', TRUST_PROXY: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child!.stdout! }).once('line', resolve);
    child!.once('exit', () => reject(new Error('the download server exited')));
  });
  return `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
}

async function counted(store: EventStore, projectId: string): Promise<number> {
  let n = 0;
  for (const e of await store.readAll()) if (DownloadsCounted.is(e) && e.data.project_id === projectId) n += e.data.count;
  return n;
}

describe('file downloads across kill -9', () => {
  it('counts every download answered with 200 before the server was killed mid-load, none twice', async () => {
    const h = await harness();
    cleanup.push(() => rmSync(h.dir, { recursive: true, force: true }));
    const p = await createProject(h);
    const v = await approve(h, p.id);
    // the log and data dir go to the child process
    await h.app.close();
    await h.store.close();
    const url = `${await serve(h.dir)}/cdn/data/${p.id}/versions/${v.id}/cool-1.0.0.jar`;
    const body = `content of ${p.id}`;
    let received = 0;
    let unanswered = 0;
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const n = next++;
        try {
          const res = await fetch(url, { headers: { 'x-forwarded-for': `10.2.${n >> 8}.${n & 255}` } });
          if (res.status === 200 && (await res.text()) === body) received++;
          else unanswered++;
        } catch {
          unanswered++;
        }
        if (received >= 600 && !killed) {
          killed = true;
          child!.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await new Promise((r) => (child!.exitCode === null && child!.signalCode === null ? child!.once('exit', r) : r(null)));
    expect(child!.signalCode).toBe('SIGKILL');

    // restart on the same data dir: the journal left by the killed process is folded into the log
    const store = new SqliteEventStore({ path: join(h.dir, 'events.db') });
    cleanup.push(() => store.close());
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    installTestAuth(app);
    registerCatalogueCommands(app, { store, dataDir: h.dir, publicUrl: PUBLIC_URL, blobs: h.blobs, downloadFlushMs: 60_000 });
    cleanup.push(() => app.close());
    await app.ready();
    const afterRestart = await counted(store, p.id);
    // every acknowledged download is counted; a request the server committed but was killed before answering may count
    // too (at most the requests left unanswered), and nothing is counted twice
    expect(afterRestart).toBeGreaterThanOrEqual(received);
    expect(afterRestart - received).toBeLessThanOrEqual(unanswered);
    // closing (a fold of what is left) adds nothing
    await app.close();
    expect(await counted(store, p.id)).toBe(afterRestart);
  }, 120_000);
});

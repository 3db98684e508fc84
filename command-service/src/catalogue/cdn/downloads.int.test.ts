import Fastify from 'fastify';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DownloadsCounted, type EventStore } from '@modshelf/events';
import { installErrorHandling } from '@modshelf/service-kit';
import type { BlobStore } from '../../blobs/blob-store';
import { registerCatalogueCommands } from '../plugin';
import { approve, createProject, harness, installTestAuth, PUBLIC_URL } from '../testing/harness';

/** The catalogue routes on a fresh app over an existing log and blob folder: the site after a restart. */
async function restarted(store: EventStore, dataDir: string, blobs: BlobStore) {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  installTestAuth(app);
  registerCatalogueCommands(app, { store, dataDir, publicUrl: PUBLIC_URL, blobs, downloadFlushMs: 60_000 });
  await app.ready();
  return app;
}

/** `count` downloads at once, request i from client address 10.0.x.y (i from `first`); answers how many were served. */
async function download(app: Awaited<ReturnType<typeof restarted>>, url: string, body: string, first: number, count: number): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, k) => app.inject({ method: 'GET', url, remoteAddress: `10.0.${(first + k) >> 8}.${(first + k) & 255}` })),
  );
  return answers.filter((a) => a.statusCode === 200 && a.body === body).length;
}

async function counted(store: EventStore, projectId: string): Promise<number> {
  let n = 0;
  for (const e of await store.readAll()) if (DownloadsCounted.is(e) && e.data.project_id === projectId) n += e.data.count;
  return n;
}

describe('file downloads', () => {
  it('counts every download served to concurrent clients, and none is lost across a restart', async () => {
    const h = await harness();
    let app = h.app;
    try {
      const p = await createProject(h);
      const v = await approve(h, p.id);
      const url = `/cdn/data/${p.id}/versions/${v.id}/cool-1.0.0.jar`;
      const before = await download(app, url, `content of ${p.id}`, 0, 300);
      // a graceful restart: the counter appends what it holds when the app closes
      await app.close();
      app = await restarted(h.store, h.dir, h.blobs);
      const after = await download(app, url, `content of ${p.id}`, 300, 300);
      await app.close();
      expect([before, after]).toEqual([300, 300]);
      expect(await counted(h.store, p.id)).toBe(600);
    } finally {
      await app.close();
      await h.store.close();
      rmSync(h.dir, { recursive: true, force: true });
    }
  });

  it('counts every download answered while the app closes mid-way (none acknowledged is lost)', async () => {
    const h = await harness();
    try {
      const p = await createProject(h);
      const v = await approve(h, p.id);
      const url = `/cdn/data/${p.id}/versions/${v.id}/cool-1.0.0.jar`;
      let answered = 0;
      const inFlight = Array.from({ length: 300 }, (_, k) =>
        h.app.inject({ method: 'GET', url, remoteAddress: `10.1.${k >> 8}.${k & 255}` }).then((a) => {
          answered++;
          return a;
        }),
      );
      while (answered < 30) await new Promise((r) => setImmediate(r));
      const closing = h.app.close();
      const answers = await Promise.all(inFlight);
      await closing;
      const served = answers.filter((a) => a.statusCode === 200 && a.body === `content of ${p.id}`).length;
      // some were served before the close, and the ones that could no longer be counted were refused (503)
      expect(served).toBeGreaterThanOrEqual(30);
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 503)).toBe(true);
      expect(await counted(h.store, p.id)).toBe(served);
    } finally {
      await h.close();
    }
  });

  it('still counts one client once per project within a flush window', async () => {
    const h = await harness();
    try {
      const p = await createProject(h);
      const v = await approve(h, p.id);
      const url = `/cdn/data/${p.id}/versions/${v.id}/cool-1.0.0.jar`;
      const answers = await Promise.all(Array.from({ length: 20 }, () => h.app.inject({ method: 'GET', url, remoteAddress: '10.9.9.9' })));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      await h.app.close();
      expect(await counted(h.store, p.id)).toBe(1);
    } finally {
      await h.close();
    }
  });
});

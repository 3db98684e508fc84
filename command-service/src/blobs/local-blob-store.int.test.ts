import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobTooLargeError } from './blob-store';
import { LocalBlobStore } from './local-blob-store';

const dirs: string[] = [];
function store() {
  const dir = mkdtempSync(join(tmpdir(), 'blobs-'));
  dirs.push(dir);
  return new LocalBlobStore(join(dir, 'blobs'));
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function text(s: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('LocalBlobStore', () => {
  it('hashes while streaming and stores by sha512 only on commit', async () => {
    const s = store();
    const body = 'hello '.repeat(10000);
    const staged = await s.stage(Readable.from([Buffer.from(body)]), 1 << 20);
    expect(staged.sha1).toBe(createHash('sha1').update(body).digest('hex'));
    expect(staged.sha512).toBe(createHash('sha512').update(body).digest('hex'));
    expect(staged.size).toBe(body.length);
    expect(await s.has(staged.sha512)).toBe(false);
    await staged.commit();
    expect(await s.has(staged.sha512)).toBe(true);
    const opened = await s.open(staged.sha512);
    expect(opened!.size).toBe(body.length);
    expect(await text(opened!.stream)).toBe(body);
    expect(s.staged()).toEqual([]);
  });

  it('rejects an oversize stream and keeps nothing', async () => {
    const s = store();
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(100, 1));
    await expect(s.stage(Readable.from(chunks), 999)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(s.staged()).toEqual([]);
    expect(s.list()).toEqual([]);
  });

  it('leaves no temp file when the very first chunk is over the limit (file still opening)', async () => {
    const s = store();
    for (let i = 0; i < 50; i++) {
      await expect(s.stage(Readable.from([Buffer.alloc(2000)]), 1000)).rejects.toBeInstanceOf(BlobTooLargeError);
    }
    expect(s.staged()).toEqual([]);
  });

  it('accepts exactly the limit; discard removes the temp file; same content twice is stored once', async () => {
    const s = store();
    const a = await s.stage(Readable.from([Buffer.alloc(1000, 2)]), 1000);
    await a.discard();
    expect(s.staged()).toEqual([]);
    const b = await s.stage(Readable.from([Buffer.alloc(1000, 2)]), 1000);
    const c = await s.stage(Readable.from([Buffer.alloc(1000, 2)]), 1000);
    await b.commit();
    await c.commit();
    expect(s.list()).toHaveLength(1);
    expect(await s.open('not-a-hash')).toBeNull();
  });
});

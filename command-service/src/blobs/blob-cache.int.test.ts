import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobCache } from './blob-cache';
import { LocalBlobStore } from './local-blob-store';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'blob-cache-'));
  dirs.push(dir);
  const store = new LocalBlobStore(join(dir, 'blobs'));
  let opens = 0;
  const open = store.open.bind(store);
  store.open = (sha512, range) => {
    opens++;
    return open(sha512, range);
  };
  const put = async (text: string) => {
    const staged = await store.stage(Readable.from([Buffer.from(text)]), 1 << 20);
    await staged.commit();
    return staged.sha512;
  };
  return { store, put, opens: () => opens };
}

describe('BlobCache', () => {
  it('reads a small blob from the store once, then answers its bytes from memory', async () => {
    const { store, put, opens } = await setup();
    const cache = new BlobCache(store);
    const sha = await put('a small file');
    expect((await cache.get(sha))?.body?.toString()).toBe('a small file');
    expect((await cache.get(sha))?.body?.toString()).toBe('a small file');
    expect(opens()).toBe(1);
    expect(await cache.get('f'.repeat(128))).toBeNull();
  });

  it('holds no blob over maxBlobBytes (its size only), and at most maxBytes, least recently used out first', async () => {
    const { store, put, opens } = await setup();
    const cache = new BlobCache(store, 10, 20);
    const big = await put('more than ten bytes');
    expect(await cache.get(big)).toEqual({ size: 19, body: null });
    const [a, b, c] = [await put('aaaaaaaaa'), await put('bbbbbbbbb'), await put('ccccccccc')];
    await cache.get(a);
    await cache.get(b);
    await cache.get(a);
    await cache.get(c);
    expect(cache.size).toEqual({ blobs: 2, bytes: 18 });
    const before = opens();
    await cache.get(a);
    await cache.get(c);
    expect(opens()).toBe(before);
    await cache.get(b);
    expect(opens()).toBe(before + 1);
  });
});

import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobTooLargeError, type BlobStore, type StagedBlob } from './blob-store';

const SHA512 = /^[0-9a-f]{128}$/;

/**
 * Content-addressed folder: <root>/<aa>/<bb>/<sha512>. Uploads stream into
 * <root>/tmp/<uuid> while sha1 and sha512 are computed; commit renames the temp
 * file into place (atomic on one file system), so a partly written or oversize
 * upload is never visible.
 */
export class LocalBlobStore implements BlobStore {
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.tmp = join(root, 'tmp');
    mkdirSync(this.tmp, { recursive: true });
    // temp files left by a crash are garbage
    for (const f of readdirSync(this.tmp)) rmSync(join(this.tmp, f), { force: true });
  }

  pathOf(sha512: string): string {
    return join(this.root, sha512.slice(0, 2), sha512.slice(2, 4), sha512);
  }

  async stage(source: Readable | AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedBlob> {
    const tmpPath = join(this.tmp, randomUUID());
    const sha1 = createHash('sha1');
    const sha512 = createHash('sha512');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > maxBytes) return cb(new BlobTooLargeError(maxBytes));
        sha1.update(chunk);
        sha512.update(chunk);
        cb(null, chunk);
      },
    });
    const out = createWriteStream(tmpPath);
    try {
      await pipeline(source, meter, out);
    } catch (err) {
      // the file may still be opening when the pipeline fails: unlink only once it is closed
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await unlink(tmpPath).catch(() => {});
      // drain the rest of the source so the request can finish
      if (err instanceof BlobTooLargeError && typeof (source as Readable).resume === 'function') (source as Readable).resume();
      throw err;
    }
    const info = { sha1: sha1.digest('hex'), sha512: sha512.digest('hex'), size };
    let done = false;
    return {
      ...info,
      bytes: () => readFile(tmpPath),
      commit: async () => {
        if (done) return;
        done = true;
        const dest = this.pathOf(info.sha512);
        await mkdir(join(dest, '..'), { recursive: true });
        await rename(tmpPath, dest);
      },
      discard: async () => {
        if (done) return;
        done = true;
        await unlink(tmpPath).catch(() => {});
      },
    };
  }

  async open(sha512: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null> {
    if (!SHA512.test(sha512)) return null;
    const path = this.pathOf(sha512);
    try {
      const s = await stat(path);
      return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : undefined), size: s.size };
    } catch {
      return null;
    }
  }

  async has(sha512: string): Promise<boolean> {
    if (!SHA512.test(sha512)) return false;
    try {
      await stat(this.pathOf(sha512));
      return true;
    } catch {
      return false;
    }
  }

  /** Every committed blob (tests, maintenance). */
  list(): string[] {
    const out: string[] = [];
    for (const a of readdirSync(this.root)) {
      if (a === 'tmp') continue;
      for (const b of readdirSync(join(this.root, a))) out.push(...readdirSync(join(this.root, a, b)));
    }
    return out;
  }

  /** Files waiting in the temp folder (tests). */
  staged(): string[] {
    return readdirSync(this.tmp);
  }
}

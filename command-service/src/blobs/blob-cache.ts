import type { BlobStore } from './blob-store';

/**
 * Small committed blobs held in memory, least recently used out first. Blobs are content-addressed and never
 * change or go away, so a held copy is always the stored one; the hottest downloads skip the disk (and the
 * thread pool's open, stat, read and close).
 */
export class BlobCache {
  private readonly held = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly blobs: BlobStore,
    /** blobs larger than this are streamed from the store each time */
    readonly maxBlobBytes = 1024 * 1024,
    /** the most bytes held at once */
    readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** Bytes and blobs held (tests, metrics). */
  get size(): { blobs: number; bytes: number } {
    return { blobs: this.held.size, bytes: this.bytes };
  }

  /** The blob's size and, when it is small enough to hold, its bytes; null when it is not stored. */
  async get(sha512: string): Promise<{ size: number; body: Buffer | null } | null> {
    const hit = this.held.get(sha512);
    if (hit) {
      this.held.delete(sha512);
      this.held.set(sha512, hit);
      return { size: hit.length, body: hit };
    }
    const opened = await this.blobs.open(sha512);
    if (!opened) return null;
    if (opened.size > this.maxBlobBytes) {
      opened.stream.destroy();
      return { size: opened.size, body: null };
    }
    const body = Buffer.concat(await opened.stream.toArray());
    if (!this.held.has(sha512)) {
      this.held.set(sha512, body);
      this.bytes += body.length;
      for (const [key, old] of this.held) {
        if (this.bytes <= this.maxBytes) break;
        this.held.delete(key);
        this.bytes -= old.length;
      }
    }
    return { size: body.length, body };
  }
}

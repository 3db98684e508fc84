import type { Readable } from 'node:stream';

/** Hashes and size of a blob, computed while it streamed in. */
export interface BlobInfo {
  sha1: string;
  sha512: string;
  size: number;
}

/**
 * A blob that has been written to a temporary place and hashed, but is not yet
 * part of the store. `commit` makes it addressable by its sha512 (idempotent:
 * the same content committed twice is stored once); `discard` removes it.
 */
export interface StagedBlob extends BlobInfo {
  /** the staged content (for checks of an upload's inside, such as a modpack's index) */
  bytes(): Promise<Buffer>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than the limit of ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * The blob port (version files, icons, gallery images): content-addressed by sha512.
 * Adapters: a local folder (embedded profile); object storage later.
 */
export interface BlobStore {
  /** Streams `source` to a temporary place, hashing it; throws BlobTooLargeError (and keeps nothing) past maxBytes. */
  stage(source: Readable | AsyncIterable<Uint8Array>, maxBytes: number): Promise<StagedBlob>;
  /**
   * Opens a committed blob for reading (optionally only bytes start..end, inclusive),
   * or null when it is not stored. `size` is always the whole blob's size.
   */
  open(sha512: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null>;
  has(sha512: string): Promise<boolean>;
}

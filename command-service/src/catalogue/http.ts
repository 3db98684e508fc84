import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { POSITION_HEADER, invalidInput, payloadTooLarge } from '@modshelf/service-kit';
import { newCommandContext, type CommandContext } from '../kernel/execute';
import { idempotentCommandId } from './idempotency/command-id';
import { IDEMPOTENCY_HEADER } from './idempotency/idempotency.hook';
import { BlobTooLargeError, type BlobStore, type StagedBlob } from '../blobs/blob-store';

/** Sets the read-your-writes header: the log position this command reached. */
export function withPosition(reply: FastifyReply, position: number): FastifyReply {
  return reply.header(POSITION_HEADER, String(position));
}

/** A command answered with 204 No Content and the position header. */
export function noContent(reply: FastifyReply, position: number): FastifyReply {
  return withPosition(reply, position).status(204).send();
}

/**
 * The context of a request's command; with an Idempotency-Key its command id is derived from the
 * actor and the key, so a retry after a crash can find what the first attempt wrote.
 */
export function commandContext(request: FastifyRequest, userId: string): CommandContext {
  const correlation = request.headers['x-correlation-id'];
  const ctx = newCommandContext(userId, typeof correlation === 'string' && correlation.length <= 128 ? correlation : request.id);
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key === 'string' && key.length > 0 && key.length <= 255) {
    ctx.commandId = idempotentCommandId(userId, key);
    ctx.causationId = ctx.commandId;
    if (typeof correlation !== 'string') ctx.correlationId = ctx.commandId;
  }
  return ctx;
}

/** Stages a stream into the blob store, answering 413 past the limit (nothing is kept). */
export async function stageOrReject(blobs: BlobStore, source: Readable | AsyncIterable<Uint8Array>, maxBytes: number, what: string): Promise<StagedBlob> {
  try {
    return await blobs.stage(source, maxBytes);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (err instanceof BlobTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge(`${what} is larger than the limit of ${maxBytes} bytes`);
    }
    throw err;
  }
}

export function parseJsonField(value: unknown, field: string): unknown {
  // a part sent with Content-Type: application/json arrives already parsed
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch (err) {
    throw invalidInput(`Error while parsing multipart field '${field}' as JSON: ${(err as Error).message}`);
  }
}

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'svg', 'svgz', 'rgb'] as const;
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  svgz: 'image/svg+xml',
  rgb: 'image/x-rgb',
};

/** The extension of an uploaded image, from a file name or a content type. */
export function imageExt(filename: string | undefined, mimetype: string | undefined): string | null {
  const fromName = filename?.split('.').pop()?.toLowerCase();
  if (fromName && fromName in IMAGE_TYPES) return fromName;
  const fromType = Object.entries(IMAGE_TYPES).find(([, t]) => t === mimetype)?.[0];
  return fromType ?? null;
}

/** Reads a small part fully (a `data` part sent as a file, e.g. a JSON Blob in browser FormData). */
export async function readSmallPart(source: AsyncIterable<Uint8Array>, limit: number, field: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of source) {
    size += c.length;
    if (size > limit) throw payloadTooLarge(`multipart field '${field}' is larger than ${limit} bytes`);
    chunks.push(Buffer.from(c));
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const DATA_PART_LIMIT = 2 * 1024 * 1024;

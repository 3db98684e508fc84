/** The HTTP side of icon uploads (collections and organizations): the query, the raw body, staging. */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { iconQuery } from '@modshelf/contract/v2';
import { invalidInput, payloadTooLarge } from '@modshelf/contract';
import type { StagedBlob } from '../blobs/blob-store';
import type { CatalogueContext } from '../catalogue/context';
import { stageOrReject } from '../catalogue/http';

/** Where an icon blob is served (the catalogue's CDN route serves any icon by its sha512). */
export function iconUrl(ctx: CatalogueContext, ownerId: string, sha512: string, ext: string): string {
  return `${ctx.publicUrl}/cdn/data/${ownerId}/icons/${sha512}.${ext}`;
}

/** The raw image body of an icon upload, staged (413 past the icon limit, nothing kept). */
export async function stageIcon(ctx: CatalogueContext, request: FastifyRequest): Promise<StagedBlob> {
  const limit = ctx.maxIconBytes;
  const body = request.body as Readable | Buffer | undefined;
  if (!body || (Buffer.isBuffer(body) && body.length === 0)) throw invalidInput('The icon must be sent as the request body');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    (body as Readable).resume?.();
    throw payloadTooLarge(`The icon is larger than the limit of ${limit} bytes`);
  }
  const source = Buffer.isBuffer(body) ? [body] : body;
  return stageOrReject(ctx.blobs, source as Readable, limit, 'The icon');
}

/**
 * PATCH .../icon?ext=png: stages the body, checks the command would succeed (dry run),
 * keeps the blob, then runs the command; the blob is dropped on any failure.
 */
export async function withIcon<T>(
  ctx: CatalogueContext,
  request: FastifyRequest,
  ownerId: string,
  dryRun: (url: string) => Promise<void>,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const { ext } = iconQuery.parse(request.query ?? {});
  const blob = await stageIcon(ctx, request);
  try {
    const url = iconUrl(ctx, ownerId, blob.sha512, ext);
    await dryRun(url);
    await blob.commit();
    return await run(url);
  } finally {
    await blob.discard();
  }
}

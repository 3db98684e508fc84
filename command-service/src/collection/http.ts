/** The HTTP side of icon uploads (collections and organizations): the query, the raw body, staging. */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { iconQuery } from '@modshelf/contract/v2';
import { invalidInput, payloadTooLarge } from '@modshelf/contract';
import type { StagedBlob } from '../blobs/blob-store';
import type { CatalogueContext } from '../catalogue/context';
import { stageOrReject } from '../catalogue/http';
import { commitOnAccept } from '../blobs/commit-on-accept';
import type { ExecuteHooks } from '../kernel/execute';

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
 * PATCH .../icon?ext=png: stages the body and runs the command with the icon's URL; the blob is kept
 * once the decider accepts the command (`hooks`, execute's beforeAppend) and dropped otherwise.
 */
export async function withIcon<T>(
  ctx: CatalogueContext,
  request: FastifyRequest,
  ownerId: string,
  run: (url: string, hooks: ExecuteHooks) => Promise<T>,
): Promise<T> {
  const { ext } = iconQuery.parse(request.query ?? {});
  const blob = await stageIcon(ctx, request);
  try {
    return await run(iconUrl(ctx, ownerId, blob.sha512, ext), commitOnAccept(blob));
  } finally {
    await blob.discard();
  }
}

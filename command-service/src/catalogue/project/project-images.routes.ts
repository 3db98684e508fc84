import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { invalidInput, payloadTooLarge } from '@modshelf/service-kit';
import type { StagedBlob } from '../../blobs/blob-store';
import { toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { noContent, stageOrReject, commandContext } from '../http';
import { requireScopes } from '../actor.hook';
import type { ProjectCommand } from './project.commands';
import { galleryAddQuery, galleryDeleteQuery, galleryEditQuery, iconQuery } from '@modshelf/contract/v2';
import { resolveProjectRef, runProjectCommand } from './project.service';
import { commitOnAccept } from '../../blobs/commit-on-accept';
import type { GalleryImage } from './project.state';

type IdParams = { id: string };

/** Where an image blob is served: <publicUrl>/cdn/data/<project>/images/<sha512>.<ext> (icons: .../icons/...). */
export function imageUrl(ctx: CatalogueContext, projectId: string, folder: 'images' | 'icons', sha512: string, ext: string): string {
  return `${ctx.publicUrl}/cdn/data/${projectId}/${folder}/${sha512}.${ext}`;
}

/** The icon and gallery routes: image bodies staged, kept only once the decider accepts the command. */
export function registerProjectImageRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  // PATCH /v2/project/{id|slug}/icon?ext=png with the image as the body; DELETE removes it
  app.patch<{ Params: IdParams; Querystring: Record<string, string> }>('/v2/project/:id/icon', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const { ext } = iconQuery.parse(request.query);
    const project = await resolveProjectRef(ctx, request.params.id);
    const blob = await stageImage(ctx, request, ctx.maxIconBytes, 'The icon');
    try {
      const icon_url = imageUrl(ctx, project.id, 'icons', blob.sha512, ext);
      const command: ProjectCommand = { kind: 'set-icon', actor: toCommandActor(actor), icon_url, color: null };
      const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, command, commitOnAccept(blob));
      return noContent(reply, result.position);
    } finally {
      await blob.discard();
    }
  });
  app.delete<{ Params: IdParams }>('/v2/project/:id/icon', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const project = await resolveProjectRef(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, {
      kind: 'set-icon',
      actor: toCommandActor(actor),
      icon_url: null,
      color: null,
    });
    return noContent(reply, result.position);
  });

  // Gallery: POST (image body; ext, featured, title, description, ordering), PATCH and DELETE (by url)
  app.post<{ Params: IdParams; Querystring: Record<string, string> }>('/v2/project/:id/gallery', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const q = galleryAddQuery.parse(request.query);
    const project = await resolveProjectRef(ctx, request.params.id);
    const blob = await stageImage(ctx, request, ctx.maxImageBytes, 'The image');
    try {
      const url = imageUrl(ctx, project.id, 'images', blob.sha512, q.ext);
      const image: GalleryImage = {
        url,
        raw_url: url,
        featured: q.featured,
        title: q.title ?? null,
        description: q.description ?? null,
        ordering: q.ordering ?? 0,
        created: ctx.now().toISOString(),
      };
      const command = { kind: 'add-gallery-image' as const, actor: toCommandActor(actor), image };
      const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, command, commitOnAccept(blob));
      return noContent(reply, result.position);
    } finally {
      await blob.discard();
    }
  });
  app.patch<{ Params: IdParams; Querystring: Record<string, string> }>('/v2/project/:id/gallery', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const q = galleryEditQuery.parse(request.query);
    const project = await resolveProjectRef(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, {
      kind: 'edit-gallery-image',
      actor: toCommandActor(actor),
      ...q,
    });
    return noContent(reply, result.position);
  });
  app.delete<{ Params: IdParams; Querystring: Record<string, string> }>('/v2/project/:id/gallery', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const q = galleryDeleteQuery.parse(request.query);
    const project = await resolveProjectRef(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, {
      kind: 'remove-gallery-image',
      actor: toCommandActor(actor),
      url: q.url,
    });
    return noContent(reply, result.position);
  });
}

/** The raw image body of icon and gallery uploads (any image/* or octet-stream content type). */
async function stageImage(ctx: CatalogueContext, request: FastifyRequest, limit: number, what: string): Promise<StagedBlob> {
  const body = request.body as Readable | Buffer | undefined;
  if (!body || (Buffer.isBuffer(body) && body.length === 0)) throw invalidInput(`${what} must be sent as the request body`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    (body as Readable).resume?.();
    throw payloadTooLarge(`${what} is larger than the limit of ${limit} bytes`);
  }
  const source = Buffer.isBuffer(body) ? [body] : body;
  return stageOrReject(ctx.blobs, source as Readable, limit, what);
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '@modshelf/service-kit';
import type { CatalogueContext } from '../context';
import type { DownloadCounter } from '../downloads/download-counter';
import { BlobCache } from '../../blobs/blob-cache';
import { IMAGE_TYPES } from '../http';
import { actorOf } from '../actor.hook';
import { loadProject } from '../project/project.service';
import { loadVersion, projectAccess } from '../version/version.service';
import { HIDDEN_VERSION_STATUSES } from '../version/version.state';

const FILE_TYPES: Record<string, string> = {
  jar: 'application/java-archive',
  zip: 'application/zip',
  mrpack: 'application/x-modrinth-modpack+zip',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

function contentTypeOf(filename: string): string {
  const ext = filename.split('.').pop()?.toLowerCase() ?? '';
  return FILE_TYPES[ext] ?? IMAGE_TYPES[ext] ?? 'application/octet-stream';
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A single `bytes=` range of a blob of `size` bytes; null when absent or not a single range, 'bad' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'bad';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'bad';
  return { start, end };
}

async function sendBlob(
  ctx: CatalogueContext,
  cache: BlobCache,
  reply: FastifyReply,
  sha512: string,
  sha1: string | null,
  type: string,
  extra: Record<string, string> = {},
  /** runs just before the answer; false refuses it with a 503 (the download could not be counted) */
  onServe?: (startsAtZero: boolean) => boolean,
) {
  const etag = `"${sha1 ?? sha512}"`;
  const common = {
    etag,
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': '*',
    ...extra,
  };
  const whole = await cache.get(sha512);
  if (!whole) throw notFound();
  const size = whole.size;
  if (reply.request.headers['if-none-match'] === etag) return reply.status(304).headers(common).send();
  const ifRange = reply.request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(reply.request.headers.range, size) : null;
  if (range === 'bad') {
    return reply
      .status(416)
      .headers({ ...common, 'content-range': `bytes */${size}` })
      .send({ error: 'invalid_input', description: 'Range Not Satisfiable' });
  }
  if (onServe && !onServe(range === null || range.start === 0)) {
    return reply
      .status(503)
      .headers({ 'retry-after': '1', 'cache-control': 'no-store' })
      .send({ error: 'service_unavailable', description: 'The server is shutting down; try again' });
  }
  if (size === 0)
    return reply
      .status(200)
      .headers({ ...common, 'content-type': type, 'content-length': '0' })
      .send('');
  const body = whole.body ? (range ? whole.body.subarray(range.start, range.end + 1) : whole.body) : null;
  const blob = body ? null : await ctx.blobs.open(sha512, range ?? undefined);
  if (!body && !blob) throw notFound();
  if (range) {
    reply.status(206).headers({
      ...common,
      'content-type': type,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    });
  } else {
    reply.headers({ ...common, 'content-type': type, 'content-length': String(size) });
  }
  return reply.send(body ?? blob?.stream);
}

/**
 * The site's own CDN: version files, icons and gallery images, streamed from the
 * blob store. A file download counts towards the project's downloads,
 * deduplicated per (client IP or IPv6 /64, project) by the DownloadCounter.
 */
export function registerCdnRoutes(app: FastifyInstance, ctx: CatalogueContext, downloads: DownloadCounter): void {
  const cache = new BlobCache(ctx.blobs);
  // wildcards, not :params: file names and sha512 names are longer than find-my-way's 100-character parameter limit
  app.get<{ Params: { project: string; version: string; '*': string } }>('/cdn/data/:project/versions/:version/*', async (request, reply) => {
    const { project, version } = request.params;
    const filename = request.params['*'];
    const v = await ctx.lookup.version(version);
    if (!v || v.projectId !== project || !(await ctx.lookup.projectId(project))) throw notFound();
    // files of hidden projects and hidden versions are only served to the team and staff
    const actor = actorOf(request);
    const access = projectAccess(await loadProject(ctx, project), actor);
    const state = await loadVersion(ctx, version);
    if (!access.visible || ((HIDDEN_VERSION_STATUSES as readonly string[]).includes(state.fields.status) && !access.insider)) throw notFound();
    const file = state.files.find((f) => f.filename === filename);
    if (!file) throw notFound();
    return sendBlob(
      ctx,
      cache,
      reply,
      file.hashes.sha512,
      file.hashes.sha1,
      contentTypeOf(file.filename),
      { 'content-disposition': disposition(file.filename) },
      // a download counts once it starts at byte 0 (resumed ranges do not count again); once the counter has
      // closed (the site is stopping) a download it could no longer count is refused rather than served uncounted
      (startsAtZero) => {
        if (request.method !== 'GET' || !startsAtZero) return true;
        if (downloads.closed) return false;
        downloads.record(request.ip, project, version);
        return true;
      },
    );
  });

  for (const folder of ['images', 'icons']) {
    app.get<{ Params: { project: string; '*': string } }>(`/cdn/data/:project/${folder}/*`, async (request, reply) => {
      const m = /^([0-9a-f]{128})\.([a-z]{2,5})$/.exec(request.params['*']);
      if (!m || !(m[2] in IMAGE_TYPES)) throw notFound();
      return sendBlob(ctx, cache, reply, m[1], null, IMAGE_TYPES[m[2]], {
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    });
  }
}

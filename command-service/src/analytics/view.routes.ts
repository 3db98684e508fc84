import type { FastifyInstance } from 'fastify';
import { viewInput } from '@modshelf/contract/v2';
import { invalidInput } from '@modshelf/service-kit';
import type { CatalogueContext } from '../catalogue/context';
import type { DownloadCounter } from '../catalogue/downloads/download-counter';

/** The page path prefixes a project page lives under (the site's project types, and Modrinth's `/project`). */
const PROJECT_PAGE_TYPES = new Set(['mod', 'modpack', 'server', 'behaviorpack', 'project', 'plugin', 'datapack', 'resourcepack', 'shader']);

/** The project id or slug a page url names (`/{type}/{id|slug}[/tab...]`), or null. */
export function projectKeyOfPageUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://page.invalid').pathname;
  } catch {
    return null;
  }
  const [type, key] = path.split('/').filter(Boolean);
  return type && key && PROJECT_PAGE_TYPES.has(type) ? decodeURIComponent(key) : null;
}

/**
 * POST /v2/analytics/view `{url}` (Modrinth's v3 page-view ingest, no token needed): the project page
 * reports a view; counted per visitor as downloads are. 204 whether or not it counted; 400 when the url
 * names no project page, 404 when the project does not exist.
 */
export function registerViewRoutes(app: FastifyInstance, ctx: CatalogueContext, views: DownloadCounter): void {
  app.post('/v2/analytics/view', async (request, reply) => {
    const input = viewInput.parse(request.body ?? {});
    const key = projectKeyOfPageUrl(input.url);
    if (!key) throw invalidInput('The url does not name a project page');
    const pid = await ctx.lookup.projectId(key);
    if (!pid) throw invalidInput('The url names no existing project');
    // a counted view is answered once its journal row is committed
    if (views.record(request.ip, pid, null)) await views.persisted();
    return reply.code(204).send();
  });
}

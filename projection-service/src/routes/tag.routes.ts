import type { FastifyInstance } from 'fastify';
import {
  DONATION_PLATFORMS,
  GAME_VERSIONS,
  LICENSES,
  LOADERS,
  MOD_CATEGORIES,
  MODPACK_CATEGORIES,
  REPORT_TYPES,
  ROUTE_PROJECT_TYPES,
  SIDE_TYPES,
} from '@modshelf/events';
import { notFound } from '@modshelf/service-kit';
import { type QueryDeps } from './context';
import { tagIcon } from './tag-icons';

const ICON = tagIcon;

/** The spec's constants as Modrinth's tag routes (static: they come from events/src/catalogue/tags.ts). */
export function registerTagRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const categories = [
    ...MOD_CATEGORIES.map((name) => ({ icon: ICON(name), name, project_type: 'mod', header: 'categories' })),
    ...MODPACK_CATEGORIES.map((name) => ({ icon: ICON(name), name, project_type: 'modpack', header: 'categories' })),
  ];
  app.get('/v2/tag/category', async () => categories);
  app.get('/v2/tag/loader', async () => LOADERS.map((l) => ({ icon: ICON(l.name), name: l.name, supported_project_types: l.supported_project_types })));
  app.get('/v2/tag/game_version', async () => GAME_VERSIONS);
  app.get('/v2/tag/license', async () => LICENSES.map((l) => ({ short: l.short, name: l.name })));
  app.get<{ Params: { id: string } }>('/v2/tag/license/:id', async (req) => {
    const l = LICENSES.find((x) => x.short.toLowerCase() === req.params.id.toLowerCase());
    if (!l) throw notFound(`License ${req.params.id} not found`);
    const body = l.short.startsWith('LicenseRef-')
      ? `${l.name}. See the project for its terms.`
      : `${l.name}. The full text is at https://spdx.org/licenses/${l.short}.html`;
    return { title: l.name, body };
  });
  app.get('/v2/tag/donation_platform', async () => DONATION_PLATFORMS);
  app.get('/v2/tag/report_type', async () => REPORT_TYPES);
  app.get('/v2/tag/project_type', async () => ROUTE_PROJECT_TYPES);
  app.get('/v2/tag/side_type', async () => SIDE_TYPES);
}

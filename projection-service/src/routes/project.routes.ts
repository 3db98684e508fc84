import type { FastifyInstance } from 'fastify';
import { invalidInput, notFound } from '@modshelf/service-kit';
import type { ProjectDoc, UserDoc, VersionDoc } from '../read-model/documents';
import { projectView } from '../views/project.view';
import { deriveVersionList, listedVersionView, sortNewestFirst, versionView } from '../views/version.view';
import { teamMemberView } from '../views/team-member.view';
import {
  canReadProject,
  canReadVersion,
  creatorsAmong,
  findProject,
  isMember,
  isStaff,
  jsonStringArray,
  optionalJsonArray,
  parseBool,
  projectNotFound,
  versionNotFound,
  type QueryDeps,
  type Reader,
} from './context';
import { minPositionWait, readerWith } from './http';

type Params = { id: string };

export function registerProjectRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);
  // projects_random draws from the search index
  const searchPreHandler = minPositionWait(deps, 'all');

  async function visibleProject(idOrSlug: string, actor: Reader | null): Promise<ProjectDoc> {
    const p = await findProject(rm(), idOrSlug);
    if (!p || !canReadProject(p, actor)) throw projectNotFound();
    return p;
  }

  const view = (p: ProjectDoc, actor: Reader | null) => projectView(p, { member: isMember(p, actor) || isStaff(actor) });

  /** A project's versions the caller may see, newest first, with the spec's derived fields. */
  async function versionList(p: ProjectDoc, actor: Reader | null) {
    const all = sortNewestFirst(await rm().getMany('versions', await rm().findIds('versions', 'project', p.id)));
    const privileged = isMember(p, actor) || isStaff(actor);
    const visible = all.filter((v) => privileged || v.status === 'listed' || v.status === 'archived');
    const authors = new Map<string, UserDoc>();
    for (const u of await rm().getMany('users', [...new Set(visible.map((v) => v.author_id))])) authors.set(u.id, u);
    return { visible, derived: deriveVersionList(visible, authors), all };
  }

  app.get<{ Params: Params }>('/v2/project/:id', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    return view(await visibleProject(req.params.id, actor), actor);
  });

  app.get<{ Params: Params }>('/v2/project/:id/check', { preHandler }, async (req) => {
    const p = await visibleProject(req.params.id, await readerWith(deps, req, 'PROJECT_READ'));
    return { id: p.id };
  });

  app.get<{ Params: Params; Querystring: Record<string, string> }>('/v2/project/:id/version', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const p = await visibleProject(req.params.id, actor);
    const q = req.query;
    const loaders = optionalJsonArray(q.loaders);
    const gameVersions = optionalJsonArray(q.game_versions);
    const featured = parseBool(q.featured);
    const versionType = q.version_type;
    if (versionType !== undefined && !['release', 'beta', 'alpha'].includes(versionType)) throw invalidInput(`invalid version_type '${versionType}'`);
    const includeChangelog = parseBool(q.include_changelog) ?? true;
    const { visible, derived } = await versionList(p, actor);
    let list = visible.filter(
      (v) =>
        (!loaders || v.loaders.some((l) => loaders.includes(l) || loaders.length === 0)) &&
        (!gameVersions || gameVersions.length === 0 || v.game_versions.some((g) => gameVersions.includes(g))) &&
        (featured === undefined || v.featured === featured) &&
        (!versionType || v.version_type === versionType),
    );
    const offset = Math.max(0, Number.parseInt(q.offset ?? '0', 10) || 0);
    const limit = q.limit !== undefined ? Math.max(0, Number.parseInt(q.limit, 10) || 0) : undefined;
    list = list.slice(offset, limit !== undefined ? offset + limit : undefined);
    return list.map((v) => listedVersionView(v, derived.get(v.id), { includeChangelog, project: p }));
  });

  app.get<{ Params: Params & { version: string } }>('/v2/project/:id/version/:version', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const p = await visibleProject(req.params.id, actor);
    const { visible, derived } = await versionList(p, actor);
    const wanted = req.params.version;
    const v = visible.find((x) => x.id === wanted) ?? visible.find((x) => x.version_number === wanted);
    if (!v) throw versionNotFound();
    return listedVersionView(v, derived.get(v.id), { project: p });
  });

  app.get<{ Params: Params }>('/v2/project/:id/members', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const p = await visibleProject(req.params.id, actor);
    return teamMembers(p, actor);
  });

  async function teamMembers(p: ProjectDoc, actor: Reader | null) {
    const privileged = isMember(p, actor) || isStaff(actor);
    const members = p.members.filter((m) => m.accepted || privileged);
    const users = new Map(
      (
        await rm().getMany(
          'users',
          members.map((m) => m.user_id),
        )
      ).map((u) => [u.id, u]),
    );
    const creators = await creatorsAmong(rm(), [...users.keys()]);
    return members.filter((m) => users.has(m.user_id)).map((m) => teamMemberView(p.team, m, users.get(m.user_id)!, privileged, creators.has(m.user_id)));
  }

  app.get<{ Params: Params }>('/v2/team/:id/members', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const ids = await rm().findIds('projects', 'team', req.params.id);
    const p = ids.length ? await rm().get('projects', ids[0]) : null;
    if (!p || !canReadProject(p, actor)) throw notFound('The requested team was not found');
    return teamMembers(p, actor);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/teams', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const out = [];
    for (const team of jsonStringArray(req.query.ids, 'ids')) {
      const ids = await rm().findIds('projects', 'team', team);
      const p = ids.length ? await rm().get('projects', ids[0]) : null;
      if (p && canReadProject(p, actor)) out.push(await teamMembers(p, actor));
    }
    return out;
  });

  app.get<{ Params: Params }>('/v2/project/:id/dependencies', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const p = await visibleProject(req.params.id, actor);
    const { visible } = await versionList(p, actor);
    const projectIds = new Set<string>();
    const versionIds = new Set<string>();
    for (const v of visible)
      for (const d of v.dependencies) {
        if (d.project_id) projectIds.add(d.project_id);
        if (d.version_id) versionIds.add(d.version_id);
      }
    const versions: Array<{ dv: VersionDoc; dp: ProjectDoc }> = [];
    for (const dv of await rm().getMany('versions', [...versionIds])) {
      const dp = await rm().get('projects', dv.project_id);
      if (dp && canReadVersion(dv, dp, actor)) {
        versions.push({ dv, dp });
        projectIds.add(dv.project_id);
      }
    }
    const projects = (await rm().getMany('projects', [...projectIds])).filter((x) => canReadProject(x, actor));
    return { projects: projects.map((x) => view(x, actor)), versions: versions.map(({ dv, dp }) => versionView(dv, { project: dp })) };
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/projects', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const out = [];
    const seen = new Set<string>();
    for (const key of jsonStringArray(req.query.ids, 'ids')) {
      const p = await findProject(rm(), key);
      if (p && !seen.has(p.id) && canReadProject(p, actor)) {
        seen.add(p.id);
        out.push(view(p, actor));
      }
    }
    return out;
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/projects_random', { preHandler: searchPreHandler }, async (req) => {
    const raw = req.query.count;
    const count = Number(raw);
    if (raw === undefined || raw === '' || !Number.isInteger(count) || count < 0 || count > 100) {
      throw invalidInput('count must be an integer between 0 and 100');
    }
    const ids = await deps.projections.storage.search.random(count);
    return (await rm().getMany('projects', ids)).map((p) => projectView(p));
  });
}

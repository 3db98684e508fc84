import type { FastifyInstance } from 'fastify';
import type { Actor } from '@modshelf/events';
import { notFound } from '@modshelf/service-kit';
import type { OrganizationDoc } from '../read-model/community-documents';
import type { ReadModelStore } from '../read-model/port';
import { organizationMemberView, organizationView } from '../views/organization.view';
import { projectView } from '../views/project.view';
import {
  canReadProject,
  creatorsAmong,
  findProject,
  findUser,
  isMember,
  isStaff,
  jsonStringArray,
  projectNotFound,
  userNotFound,
  type QueryDeps,
} from './context';
import { actorWith, minPositionWait, readerWith } from './http';

export const organizationNotFound = () => notFound('The requested organization was not found');

/** Looks an organization up by id or case-insensitive slug. */
export async function findOrganization(rm: ReadModelStore, idOrSlug: string): Promise<OrganizationDoc | null> {
  if (/^[0-9A-Za-z]{8}$/.test(idOrSlug)) {
    const o = await rm.get('organizations', idOrSlug);
    if (o) return o;
  }
  const ids = await rm.findIds('organizations', 'slug', idOrSlug.toLowerCase());
  return ids.length ? rm.get('organizations', ids[0]) : null;
}

const isOrgMember = (o: OrganizationDoc, a: Actor | null) => !!a && o.members.some((m) => m.user_id === a.userId);

/**
 * Organizations (Modrinth v3, served under /v2): GET /v2/organization/{id|slug}, GET /v2/organizations?ids=,
 * GET /v2/organization/{id}/projects, GET /v2/organization/{id}/members, GET /v2/project/{id}/organization,
 * GET /v2/user/{id}/organizations. Organizations are public; pending invites and permission bits are shown
 * to the organization's members and staff only (the caller counts when the token has ORGANIZATION_READ).
 */
export function registerOrganizationQueryRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  async function members(o: OrganizationDoc, actor: Actor | null) {
    const privileged = isOrgMember(o, actor) || isStaff(actor);
    const shown = o.members.filter((m) => m.accepted || privileged);
    const users = new Map(
      (
        await rm().getMany(
          'users',
          shown.map((m) => m.user_id),
        )
      ).map((u) => [u.id, u]),
    );
    const creators = await creatorsAmong(rm(), [...users.keys()]);
    return shown.filter((m) => users.has(m.user_id)).map((m) => organizationMemberView(o, m, users.get(m.user_id)!, privileged, creators.has(m.user_id)));
  }
  const view = async (o: OrganizationDoc, actor: Actor | null) => organizationView(o, await members(o, actor));

  async function found(idOrSlug: string): Promise<OrganizationDoc> {
    const o = await findOrganization(rm(), idOrSlug);
    if (!o) throw organizationNotFound();
    return o;
  }

  app.get<{ Params: { id: string } }>('/v2/organization/:id', { preHandler }, async (req) => {
    const actor = actorWith(req, 'ORGANIZATION_READ');
    return view(await found(req.params.id), actor);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/organizations', { preHandler }, async (req) => {
    const actor = actorWith(req, 'ORGANIZATION_READ');
    const out: Awaited<ReturnType<typeof view>>[] = [];
    for (const key of jsonStringArray(req.query.ids, 'ids')) {
      const o = await findOrganization(rm(), key);
      if (o && !out.some((x) => x.id === o.id)) out.push(await view(o, actor));
    }
    return out;
  });

  app.get<{ Params: { id: string } }>('/v2/organization/:id/members', { preHandler }, async (req) => {
    const actor = actorWith(req, 'ORGANIZATION_READ');
    return members(await found(req.params.id), actor);
  });

  app.get<{ Params: { id: string } }>('/v2/organization/:id/projects', { preHandler }, async (req) => {
    const o = await found(req.params.id);
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const projects = await rm().getMany('projects', o.projects);
    return projects
      .filter((p) => p.organization === o.id && canReadProject(p, actor))
      .map((p) => projectView(p, { member: isMember(p, actor) || isStaff(actor) }));
  });

  app.get<{ Params: { id: string } }>('/v2/project/:id/organization', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const p = await findProject(rm(), req.params.id);
    if (!p || !canReadProject(p, actor)) throw projectNotFound();
    const o = p.organization ? await rm().get('organizations', p.organization) : null;
    if (!o) throw organizationNotFound();
    return view(o, actorWith(req, 'ORGANIZATION_READ'));
  });

  app.get<{ Params: { id: string } }>('/v2/user/:id/organizations', { preHandler }, async (req) => {
    const actor = actorWith(req, 'ORGANIZATION_READ');
    const u = await findUser(rm(), req.params.id);
    if (!u) throw userNotFound();
    const self = actor?.userId === u.id || isStaff(actor);
    const orgs = await rm().getMany('organizations', await rm().findIds('organizations', 'member', u.id));
    const out = [];
    for (const o of orgs) if (o.members.some((m) => m.user_id === u.id && (m.accepted || self))) out.push(await view(o, actor));
    return out;
  });
}

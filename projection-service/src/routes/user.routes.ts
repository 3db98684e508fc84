import type { FastifyInstance } from 'fastify';
import { hasScope, missingScope, unauthorized } from '@modshelf/service-kit';
import type { UserDoc } from '../read-model/documents';
import { projectView } from '../views/project.view';
import { userView, type UserStats } from '../views/user.view';
import { canReadProject, findUser, isMember, isStaff, jsonStringArray, readerOf, userNotFound, type QueryDeps } from './context';
import { actorOf, actorWith, minPositionWait, readerWith } from './http';
import { isListed } from '../views/derive';

export function registerUserRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  async function memberProjects(userId: string) {
    const projects = await rm().getMany('projects', await rm().findIds('projects', 'member', userId));
    return projects.filter((p) => p.members.some((m) => m.user_id === userId && m.accepted));
  }

  /** Profile counts over the user's publicly listed projects. */
  async function stats(u: UserDoc): Promise<UserStats> {
    const listed = (await memberProjects(u.id)).filter(isListed);
    return {
      project_count: listed.length,
      download_count: listed.reduce((s, p) => s + p.downloads, 0),
      follower_count: listed.reduce((s, p) => s + p.followers, 0),
    };
  }

  app.get('/v2/user', { preHandler }, async (req) => {
    const actor = await readerOf(rm(), actorOf(req));
    if (!actor) throw unauthorized();
    if (!hasScope(actor.scopes, 'USER_READ')) throw missingScope('USER_READ');
    const u = await rm().get('users', actor.userId);
    if (!u) throw userNotFound();
    const account = await deps.credentials?.getAccount(actor.userId);
    const self = {
      email: hasScope(actor.scopes, 'USER_READ_EMAIL') ? (account?.email ?? null) : null,
      email_verified: account?.emailVerified ?? u.email_verified,
      has_password: account ? account.passwordHash !== null : true,
    };
    const st = await stats(u);
    return userView(u, st, self, st.project_count > 0);
  });

  app.get<{ Params: { id: string } }>('/v2/user/:id', { preHandler }, async (req) => {
    const u = await findUser(rm(), req.params.id);
    if (!u) throw userNotFound();
    const st = await stats(u);
    return userView(u, st, null, st.project_count > 0);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/users', { preHandler }, async (req) => {
    const out = [];
    for (const key of jsonStringArray(req.query.ids, 'ids')) {
      const u = await findUser(rm(), key);
      if (u) {
        const st = await stats(u);
        out.push(userView(u, st, null, st.project_count > 0));
      }
    }
    return out;
  });

  app.get<{ Params: { id: string } }>('/v2/user/:id/projects', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'PROJECT_READ');
    const u = await findUser(rm(), req.params.id);
    if (!u) throw userNotFound();
    const projects = (await memberProjects(u.id)).filter((p) => isListed(p) || ((isMember(p, actor) || isStaff(actor)) && canReadProject(p, actor)));
    return projects.map((p) => projectView(p, { member: isMember(p, actor) || isStaff(actor) }));
  });

  app.get<{ Params: { id: string } }>('/v2/user/:id/follows', { preHandler }, async (req) => {
    const actor = await readerOf(rm(), actorOf(req));
    if (!actor) throw unauthorized();
    if (!hasScope(actor.scopes, 'USER_READ')) throw missingScope('USER_READ');
    const u = await findUser(rm(), req.params.id);
    if (!u) throw userNotFound();
    if (u.id !== actor.userId && !isStaff(actor)) throw unauthorized('You do not have permission to see the projects this user follows!');
    const follows = await rm().getMany('follows', await rm().findIds('follows', 'user', u.id));
    follows.sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
    const projects = await rm().getMany(
      'projects',
      follows.map((f) => f.project_id),
    );
    return projects.filter((p) => canReadProject(p, actor)).map((p) => projectView(p));
  });
}

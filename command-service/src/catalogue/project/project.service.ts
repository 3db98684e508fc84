import { ProjectCreated, ProjectDeleted, ProjectEdited, projectStream, type DecidedEvent, type ProjectRef } from '@modshelf/events';
import { invalidInput, notFound } from '@modshelf/contract';
import { execute, type CommandContext, type CommandResult, type ExecuteHooks, type NameRules } from '../../kernel/execute';
import { renameClaims, type NameClaim } from '../../kernel/names';
import { loadState } from '../../kernel/state-cache';
import type { CatalogueContext } from '../context';
import type { ProjectCommand } from './project.commands';
import { projectDecider } from './project.decider';
import { projectOrganization, withOrganization } from './project-organization';
import type { ProjectState } from './project.state';

export const SLUG_TAKEN = "Slug collides with other project's id or slug!";

/** Project slugs are held in `slug-project-<slug>` reservation streams: taken on create, moved on rename, given back on delete. */
export const projectNames: NameRules<ProjectState> = {
  claims(decided: DecidedEvent[], before: ProjectState): NameClaim[] {
    const claims: NameClaim[] = [];
    let slug = before.exists ? before.fields.slug : null;
    for (const e of decided) {
      if (ProjectCreated.is(e)) {
        claims.push(...renameClaims('project', e.data.project_id, null, e.data.slug));
        slug = e.data.slug;
      } else if (ProjectEdited.is(e) && e.data.changes.slug && slug !== null) {
        claims.push(...renameClaims('project', before.project_id, slug, e.data.changes.slug));
        slug = e.data.changes.slug;
      } else if (ProjectDeleted.is(e) && slug !== null) {
        claims.push({ action: 'release', namespace: 'project', name: slug, owner: e.data.project_id });
      }
    }
    return claims;
  },
  taken: () => invalidInput(SLUG_TAKEN),
};

/** A live project's id from an id or slug, or 404. */
export async function resolveProject(ctx: CatalogueContext, idOrSlug: string): Promise<string> {
  const pid = await ctx.lookup.projectId(idOrSlug);
  if (!pid) throw notFound();
  return pid;
}

/**
 * A live project from an id or slug, with the organization the lookup has it in, or 404: for a route that runs a command on
 * it (runProjectCommand), which then needs no second lookup.
 */
export async function resolveProjectRef(ctx: CatalogueContext, idOrSlug: string): Promise<ProjectRef> {
  const project = await ctx.lookup.projectWithOrganization(idOrSlug);
  if (!project) throw notFound();
  return project;
}

/** The project's folded state (for commands on other aggregates that need its team and status). */
export async function loadProject(ctx: CatalogueContext, projectId: string): Promise<ProjectState> {
  return withOrganization(ctx, projectId, (await loadState(ctx.store, projectStream(projectId), projectDecider)).state);
}

/**
 * Runs a command on a project (its id, or what resolveProjectRef found); `context` carries its ids (the route derives them
 * from the request).
 */
export async function runProjectCommand(
  ctx: CatalogueContext,
  context: CommandContext,
  project: string | ProjectRef,
  command: ProjectCommand,
  hooks?: ExecuteHooks,
): Promise<CommandResult<ProjectState>> {
  const projectId = typeof project === 'string' ? project : project.id;
  const organization = await projectOrganization(ctx, projectId, typeof project === 'string' ? undefined : project.organizationId);
  // the organization is read once, before deciding; the folded project state (and its cache, keyed by `evolve`) stays the project stream's own
  const decider =
    organization === null
      ? projectDecider
      : { ...projectDecider, decide: (c: ProjectCommand, s: ProjectState) => projectDecider.decide(c, { ...s, organization }) };
  return execute(ctx.store, projectStream(projectId), decider, command, context, projectNames, { ...hooks, group: true });
}

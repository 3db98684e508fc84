import type { FastifyRequest } from 'fastify';
import { projectStream } from '@modshelf/events';
import { notFound } from '@modshelf/service-kit';
import { execute, loadStream, type CommandResult } from '../../kernel/execute';
import { fold } from '../../kernel/decider';
import type { Actor } from '@modshelf/events';
import type { CatalogueContext } from '../context';
import { commandContext } from '../http';
import type { ProjectCommand } from './project.commands';
import { projectDecider } from './project.decider';
import type { ProjectState } from './project.state';

/** A live project's id from an id or slug, or 404. */
export async function resolveProject(ctx: CatalogueContext, idOrSlug: string): Promise<string> {
  await ctx.lookup.catchUp();
  const pid = ctx.lookup.projectId(idOrSlug);
  if (!pid) throw notFound();
  return pid;
}

/** The project's folded state (for commands on other aggregates that need its team and status). */
export async function loadProject(ctx: CatalogueContext, projectId: string): Promise<ProjectState> {
  const { events } = await loadStream(ctx.store, projectStream(projectId));
  return fold(projectDecider, events);
}

export function runProjectCommand(
  ctx: CatalogueContext,
  request: FastifyRequest,
  actor: Actor,
  projectId: string,
  command: ProjectCommand,
): Promise<CommandResult<ProjectState>> {
  return execute(ctx.store, projectStream(projectId), projectDecider, command, commandContext(request, actor.userId));
}

import { organizationStream } from '@modshelf/events';
import { loadState } from '../../kernel/state-cache';
import { organizationDecider } from '../../organization/organization.decider';
import type { CatalogueContext } from '../context';
import type { ProjectOrganization, ProjectState } from './project.state';

/**
 * The organization that owns the project, with its team, read from the organization's stream: a project that left
 * the organization (or whose organization was deleted) has none, whatever the lookup still says. `found` is the
 * organization the lookup gave with the project (resolveProjectRef), when the caller has it.
 */
export async function projectOrganization(ctx: CatalogueContext, projectId: string, found?: string | null): Promise<ProjectOrganization | null> {
  const organizationId = found !== undefined ? found : await ctx.lookup.organizationOf(projectId);
  if (!organizationId) return null;
  const org = (await loadState(ctx.store, organizationStream(organizationId), organizationDecider)).state;
  if (!org.exists || org.deleted || !org.projects.includes(projectId)) return null;
  return { organization_id: organizationId, members: org.members };
}

/** The project's state with its organization attached (what permissionsOf and canSeeProject read). */
export async function withOrganization(ctx: CatalogueContext, projectId: string, s: ProjectState): Promise<ProjectState> {
  const organization = await projectOrganization(ctx, projectId);
  return organization === null && s.organization === null ? s : { ...s, organization };
}

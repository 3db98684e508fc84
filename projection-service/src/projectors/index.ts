import type { RecordedEvent } from '@modshelf/events';
import type { SearchChange } from '../search/port';
import { isListed } from '../views/derive';
import { BatchContext, type Projector } from './batch-context';
import { projectProjector } from './project.projector';
import { searchChangeOf } from './search-changes';
import { socialProjector } from './social.projector';
import { userProjector } from './user.projector';
import { versionProjector } from './version.projector';
import { collectionProjector } from './collection.projector';
import { organizationProjector } from './organization.projector';
import { notificationProjector } from './notification.projector';
import { analyticsProjector } from './analytics.projector';
import { threadProjector } from './thread.projector';

export { BatchContext, type Projector } from './batch-context';
// analytics before social: it compares a follow with the state before the event
export const PROJECTORS: Projector[] = [
  projectProjector,
  versionProjector,
  userProjector,
  analyticsProjector,
  socialProjector,
  collectionProjector,
  organizationProjector,
  threadProjector,
  notificationProjector,
];

/** A projector threw on an event: which projector, and the error it threw. */
export class ProjectorFailedError extends Error {
  constructor(
    readonly projector: string,
    override readonly cause: unknown,
  ) {
    super(`${projector}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ProjectorFailedError';
  }
}

export async function applyEvent(ctx: BatchContext, e: RecordedEvent, projectors: readonly Projector[] = PROJECTORS): Promise<void> {
  for (const p of projectors) {
    if (p.handled && !p.handled.has(e.type)) continue;
    try {
      await p(ctx, e);
    } catch (err) {
      throw new ProjectorFailedError(p.name || 'projector', err);
    }
  }
}

/** Search changes for the projects a batch touched: listed ones are (re)indexed, others removed. */
export async function searchChanges(ctx: BatchContext): Promise<SearchChange[]> {
  const out: SearchChange[] = [];
  for (const id of ctx.touchedProjects) {
    const p = await ctx.get('projects', id);
    out.push(p && isListed(p) ? searchChangeOf(id, p, await ctx.get('users', p.owner_id)) : { projectId: id, doc: null });
  }
  return out;
}

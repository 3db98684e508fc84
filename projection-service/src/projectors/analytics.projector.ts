import { DownloadsCounted, PayoutCredited, ProjectFollowed, ProjectUnfollowed, ProjectViewsCounted, type RecordedEvent } from '@modshelf/events';
import { analyticsDayId, type AnalyticsDayDoc } from '../read-model/analytics-documents';
import type { BatchContext } from './context';
import { followId } from './social.projector';

type Figure = 'downloads' | 'views' | 'followers_gained' | 'followers_lost' | 'revenue';

/** The UTC day of an ISO time. */
export const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

async function add(ctx: BatchContext, projectId: string, time: string, figure: Figure, n: number): Promise<void> {
  if (n === 0 || !(await ctx.get('projects', projectId))) return;
  const day = dayOf(time);
  const id = analyticsDayId(projectId, day);
  const doc: AnalyticsDayDoc = (await ctx.get('analytics_days', id)) ?? {
    project_id: projectId, day, downloads: 0, views: 0, followers_gained: 0, followers_lost: 0, revenue: 0,
  };
  doc[figure] += n;
  ctx.put('analytics_days', id, doc);
}

/**
 * Analytics over time: each project's figures per UTC day. Downloads and views count when they were
 * counted (the event's time), revenue on the day of the downloads it was credited for, and follows
 * only when they change the follow (runs before the social projector, which records the follow).
 */
export async function analyticsProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (DownloadsCounted.is(e)) return add(ctx, e.data.project_id, e.metadata.time, 'downloads', e.data.count);
  if (ProjectViewsCounted.is(e)) return add(ctx, e.data.project_id, e.metadata.time, 'views', e.data.count);
  if (PayoutCredited.is(e)) return add(ctx, e.data.project_id, e.data.created, 'revenue', e.data.amount);
  if (ProjectFollowed.is(e) || ProjectUnfollowed.is(e)) {
    const follow = ProjectFollowed.is(e);
    const existing = await ctx.get('follows', followId(e.data.user_id, e.data.project_id));
    if (follow === (existing !== null)) return; // no change
    return add(ctx, e.data.project_id, e.metadata.time, follow ? 'followers_gained' : 'followers_lost', 1);
  }
}

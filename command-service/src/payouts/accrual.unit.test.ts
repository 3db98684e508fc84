import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@modshelf/events';
import { catalogueAppends } from '@modshelf/events/generator';
import { evolveRevenueProject, foldsRevenue, revenueSettingsFromEnv, splitRevenue, type RevenueProject } from './accrual';

describe('revenue split and settings', () => {
  const project = (members: RevenueProject['members']): RevenueProject => ({ owner: 'OwnerAAA', status: 'approved', monetization: 'monetized', members });

  it('gives everything to the owner by default', () => {
    const p = project({ OwnerAAA: { accepted: true, split: null }, MemberBB: { accepted: true, split: null } });
    expect([...splitRevenue(p, 10_001)]).toEqual([['OwnerAAA', 10_001]]);
  });

  it('splits by payouts_split among accepted members, the remainder to the owner', () => {
    const p = project({
      OwnerAAA: { accepted: true, split: 50 },
      MemberBB: { accepted: true, split: 25 },
      MemberCC: { accepted: true, split: 25 },
      InviteDD: { accepted: false, split: 100 },
    });
    const shares = splitRevenue(p, 10_001);
    expect(Object.fromEntries(shares)).toEqual({ OwnerAAA: 5001, MemberBB: 2500, MemberCC: 2500 });
    const zero = project({ OwnerAAA: { accepted: true, split: 0 }, MemberBB: { accepted: true, split: 0 } });
    expect(Object.fromEntries(splitRevenue(zero, 7))).toEqual({ OwnerAAA: 7 });
  });

  it('reads the rate and the hold from the environment', () => {
    expect(revenueSettingsFromEnv({})).toEqual({ perDownload: 2500, holdMs: 30 * 86_400_000 });
    expect(revenueSettingsFromEnv({ REVENUE_PER_DOWNLOAD_USD: '0.5', REVENUE_HOLD_DAYS: '0' })).toEqual({ perDownload: 500_000, holdMs: 0 });
    expect(() => revenueSettingsFromEnv({ REVENUE_PER_DOWNLOAD_USD: 'lots' })).toThrow();
  });

  it('foldsRevenue is false only for project events whose fold leaves the state as it is', () => {
    const p = project({ OwnerAAA: { accepted: true, split: null } });
    const kinds = { folded: new Set<string>(), skipped: new Set<string>() };
    const check = (e: RecordedEvent) => {
      if (foldsRevenue(e)) return void kinds.folded.add(e.type);
      kinds.skipped.add(e.type);
      expect(evolveRevenueProject(p, e)).toBeUndefined();
      expect(evolveRevenueProject(null, e)).toBeUndefined();
    };
    for (const part of catalogueAppends(200)) {
      if (part.streamId.startsWith('project-')) part.events.forEach((e, i) => check({ ...e, streamId: part.streamId, revision: i, position: i + 1 }));
    }
    const event = (type: string, data: unknown): RecordedEvent => ({
      type,
      schemaVersion: 1,
      data,
      metadata: { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() },
      streamId: 'project-AAAAAAAA',
      revision: 1,
      position: 2,
    });
    const edit = (changes: Record<string, unknown>) => event('ProjectEdited', { changes });
    check(event('ProjectIconChanged', { icon_url: null, color: null }));
    check(event('ProjectStatusChanged', { from: 'approved', to: 'archived' }));
    check(edit({ description: 'a new description' }));
    expect(kinds.folded).toContain('ProjectCreated');
    expect(kinds.skipped).toContain('ProjectEdited');
    expect(kinds.skipped).toContain('ProjectIconChanged');
    expect(kinds.folded).toContain('ProjectStatusChanged');
    // an edit of the monetization status is folded
    expect(foldsRevenue(edit({ monetization_status: 'demonetized' }))).toBe(true);
    expect(evolveRevenueProject(p, edit({ monetization_status: 'demonetized' }))?.monetization).toBe('demonetized');
  });
});

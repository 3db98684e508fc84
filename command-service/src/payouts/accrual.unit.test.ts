import { describe, expect, it } from 'vitest';
import { revenueSettingsFromEnv, splitRevenue, type RevenueProject } from './accrual';

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
});

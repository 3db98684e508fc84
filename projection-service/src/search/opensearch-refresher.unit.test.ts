import { describe, expect, it } from 'vitest';
import { OpenSearchRefresher } from './opensearch-refresher';

/** A refresh the test finishes by hand: `started` lists the refreshes begun, `finish()` ends the oldest running one. */
function manualRefresh() {
  const running: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  const started: number[] = [];
  return {
    started,
    running,
    refresh: () =>
      new Promise<void>((resolve, reject) => {
        started.push(Date.now());
        running.push({ resolve, reject });
      }),
    finish: () => running.shift()!.resolve(),
    fail: () => running.shift()!.reject(new Error('refresh refused')),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('OpenSearchRefresher: a deferred writer', () => {
  it('refreshes once for every position written before the refresh began, and says each visible after it', async () => {
    const r = manualRefresh();
    const visible: number[] = [];
    const refresher = new OpenSearchRefresher(r.refresh, (p) => visible.push(p), 0);
    refresher.after(3);
    await tick();
    expect(r.started).toHaveLength(1);
    // written while the refresh ran: a second refresh, after the first
    refresher.after(5);
    refresher.after(7);
    await tick();
    expect(r.started).toHaveLength(1);
    r.finish();
    await tick();
    expect(visible).toEqual([3]);
    expect(r.started).toHaveLength(2);
    r.finish();
    await tick();
    expect(visible).toEqual([3, 7]);
    // no refresh runs or waits any more
    expect(refresher.behind(7)).toBe(false);
  });

  it('starts two refreshes at least everyMs apart', async () => {
    const r = manualRefresh();
    const refresher = new OpenSearchRefresher(r.refresh, () => {}, 150);
    refresher.after(1);
    await tick();
    r.finish();
    refresher.after(2);
    await expect.poll(() => r.started.length, { timeout: 2000, interval: 5 }).toBe(2);
    expect(r.started[1] - r.started[0]).toBeGreaterThanOrEqual(145);
    r.finish();
  });

  it('a failed refresh is kept in `error` and tried again', async () => {
    const r = manualRefresh();
    const visible: number[] = [];
    const refresher = new OpenSearchRefresher(r.refresh, (p) => visible.push(p), 0);
    refresher.after(4);
    await tick();
    r.fail();
    await expect.poll(() => refresher.error).toBeInstanceOf(Error);
    await expect.poll(() => r.started.length, { timeout: 3000 }).toBe(2);
    r.finish();
    await expect.poll(() => visible).toEqual([4]);
    expect(refresher.error).toBe(null);
  });

  it('close() starts a refresh that waits out everyMs at once, and lets it finish', async () => {
    const r = manualRefresh();
    const visible: number[] = [];
    const refresher = new OpenSearchRefresher(r.refresh, (p) => visible.push(p), 60_000);
    refresher.after(1);
    await tick();
    r.finish();
    refresher.after(2);
    await tick();
    expect(r.started).toHaveLength(1);
    const closed = refresher.close(5000);
    await tick();
    expect(r.started).toHaveLength(2);
    r.finish();
    await closed;
    expect(visible).toEqual([1, 2]);
  });

  it('behind(): a position with no change rides on the running refresh, and is not taken when none runs', async () => {
    const r = manualRefresh();
    const visible: number[] = [];
    const refresher = new OpenSearchRefresher(r.refresh, (p) => visible.push(p), 0);
    expect(refresher.behind(2)).toBe(false);
    refresher.after(3);
    await tick();
    expect(refresher.behind(4)).toBe(true);
    r.finish();
    await tick();
    // the running refresh began before 4 was given: one more refresh covers it
    r.finish();
    await tick();
    expect(visible).toEqual([3, 4]);
  });
});

describe("OpenSearchRefresher: readers' refreshNow()", () => {
  it('a caller is answered by a refresh that began after its call, shared with the callers that came meanwhile', async () => {
    const r = manualRefresh();
    const refresher = new OpenSearchRefresher(r.refresh, () => {}, 0);
    const answered: string[] = [];
    const first = refresher.now().then(() => answered.push('first'));
    await tick();
    expect(r.started).toHaveLength(1);
    // these came while the first ran: they wait for one more refresh, together
    const later = [1, 2, 3].map((i) => refresher.now().then(() => answered.push(`later ${i}`)));
    await tick();
    expect(r.started).toHaveLength(1);
    r.finish();
    await first;
    await tick();
    expect(answered).toEqual(['first']);
    expect(r.started).toHaveLength(2);
    r.finish();
    await Promise.all(later);
    expect(answered).toEqual(['first', 'later 1', 'later 2', 'later 3']);
    expect(r.started).toHaveLength(2);
  });

  it('a refused refresh rejects its callers, and the next call refreshes again', async () => {
    const r = manualRefresh();
    const refresher = new OpenSearchRefresher(r.refresh, () => {}, 0);
    const first = refresher.now();
    await tick();
    r.fail();
    await expect(first).rejects.toThrow('refresh refused');
    const again = refresher.now();
    await tick();
    expect(r.started).toHaveLength(2);
    r.finish();
    await again;
  });
});

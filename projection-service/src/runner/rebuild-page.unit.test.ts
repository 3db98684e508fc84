import { describe, expect, it } from 'vitest';
import { REBUILD_BATCH, REBUILD_BATCH_MAX, rebuildPage } from './rebuild-page';

describe('rebuildPage', () => {
  it("starts at the first page's size and grows with the events built, a fiftieth of them, up to REBUILD_BATCH_MAX", () => {
    expect(rebuildPage(0)).toBe(REBUILD_BATCH);
    // the 100k bench log (681,647 events) is built in pages of the first size throughout
    expect(rebuildPage(681_647)).toBe(REBUILD_BATCH);
    expect(rebuildPage(2_000_000)).toBe(40_000);
    expect(rebuildPage(2_000_049)).toBe(40_000);
    expect(rebuildPage(6_817_998)).toBe(REBUILD_BATCH_MAX);
    expect(rebuildPage(0, 500)).toBe(500);
    expect(rebuildPage(50_000, 500)).toBe(1_000);
  });
});

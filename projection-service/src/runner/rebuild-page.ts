/** Events per transaction when building the projections into an empty storage (RebuildReads), at first. */
export const REBUILD_BATCH = 20_000;
/**
 * A build's pages grow with the events it has built (a fiftieth of them), up to this many: each page is one transaction of the
 * storage, whose commit writes every page of the file it changed, and a larger file has more of them to change (new ids and
 * keys land all over its indexes). bench/build-only.ts on the 1M bench log (6.82M events): 25.3k events/s with pages of 20,000
 * (peak RSS 3.7 GB), 27.8k with 60,000 (5.0 GB), 28.6k growing from 20,000 to 60,000 as here (5.3 GB); on the 100k one
 * (681,647 events), pages of 60,000 were slower (26.4k-27.9k against 28.8k-29.6k), and it keeps 20,000 throughout.
 */
export const REBUILD_BATCH_MAX = 60_000;

/** The events of a build's page that starts after `position`: `first`, then a fiftieth of the position, up to REBUILD_BATCH_MAX. */
export function rebuildPage(position: number, first = REBUILD_BATCH): number {
  return Math.max(first, Math.min(REBUILD_BATCH_MAX, Math.floor(position / 50)));
}

/**
 * wrk's latency histogram (one bucket per µs) as the requests measured it. At the end of a run wrk "corrects" it for
 * coordinated omission (stats_correct in its stats.c): for an expected interval e = duration / (requests /
 * connections), each bucket n ≥ 2e adds its count to n − e, n − 2e, … while above e. A closed-loop pass (each client
 * sends its next request when the last is answered, as autocannon does) has no intended rate to correct toward, and
 * the synthetic samples would move p50 and p99 away from the figures the bench reported so far; this undoes it.
 */

/** [value in µs, count] pairs, as wrk's done() hook reads them (latency(i) for i = 1..#latency). */
export type Buckets = Array<[number, number]>;

/** The interval wrk corrected with (wrk.c: runtime_us / (complete / connections), integer divisions), or null when it did not. */
export function correctionInterval(durationUs: number, requests: number, connections: number): number | null {
  const perConnection = Math.floor(requests / connections);
  return perConnection > 0 ? Math.floor(durationUs / perConnection) : null;
}

/**
 * The histogram before stats_correct. After it, a bucket m > e holds its own count plus those of m + e, m + 2e, …
 * (and a bucket m ≤ e is untouched), so its own count is corrected[m] − corrected[m + e].
 */
export function uncorrected(corrected: Buckets, interval: number | null): Buckets {
  if (interval === null || interval <= 0) return corrected.filter(([, c]) => c > 0);
  const at = new Map(corrected);
  const out: Buckets = [];
  for (const [value, count] of corrected) {
    const own = value > interval ? count - (at.get(value + interval) ?? 0) : count;
    if (own > 0) out.push([value, own]);
  }
  return out;
}

/** wrk's stats_correct, for the tests of uncorrected(). */
export function correct(raw: Buckets, interval: number): Buckets {
  const data = new Map(raw);
  const max = Math.max(...raw.map(([v]) => v));
  for (let n = interval * 2; n <= max; n++) {
    const count = data.get(n) ?? 0;
    for (let m = n - interval; count && m > interval; m -= interval) data.set(m, (data.get(m) ?? 0) + count);
  }
  return [...data].filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
}

/** The p-th percentile (nearest rank, as bench/util.ts percentile) of a histogram, in the histogram's unit; NaN when empty. */
export function histogramPercentile(buckets: Buckets, p: number): number {
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, [, c]) => s + c, 0);
  if (total === 0) return NaN;
  const rank = Math.min(total, Math.max(1, Math.ceil((p / 100) * total)));
  let seen = 0;
  for (const [value, count] of sorted) {
    seen += count;
    if (seen >= rank) return value;
  }
  return sorted[sorted.length - 1][0];
}

export const histogramCount = (buckets: Buckets) => buckets.reduce((s, [, c]) => s + c, 0);

import { describe, expect, it } from 'vitest';
import { distributedSummary } from './bench-summary';

const distributed = {
  catchUpEventsPerSecond: { embedded_sqlite: 30_000, relay_to_kafka: 6_466, kafka_worker_mongodb_opensearch: 860 },
  commandsThroughProxy: {
    replicas_1: { requests_per_s: 667, p50_ms: 60, p99_ms: 300 },
    replicas_3: { requests_per_s: 571, p50_ms: 70, p99_ms: 400 },
    ratio_3_vs_1: 0.86,
    freshness_at_100_commands_per_s: { read_models: { p50_ms: 90, p99_ms: 200, samples: 200 }, search: { p50_ms: 120, p99_ms: 900, samples: 100 } },
  },
};
const startup = {
  sizes: [
    { projects: 1_000, later_start: { listening_ms: 900, first_lookup_answer_ms: 1_000, rss_mb: 100 } },
    { projects: 100_000, first_start_builds_index: { listening_ms: 9_000 }, later_start: { listening_ms: 2_400, first_lookup_answer_ms: 2_600, rss_mb: 128 } },
  ],
};

describe('the distributed bench summary', () => {
  it('picks the issue-9 figures out of the sections that measured them', () => {
    expect(distributedSummary(distributed, startup)).toEqual({
      commands_per_s_through_proxy: { replicas_1: 667, replicas_3: 571, ratio_3_vs_1: 0.86 },
      events_per_s: { relay_to_kafka: 6_466, projection_worker: 860 },
      freshness_at_100_commands_per_s_ms: { read_models: { p50: 90, p99: 200 }, search: { p50: 120, p99: 900 } },
      command_replica_at_100k_projects: { start_up_ms: 2_400, first_lookup_answer_ms: 2_600, rss_mb: 128 },
    });
  });

  it('says why a figure is missing: a skipped proxy run, a failed section, no 100k size', () => {
    const s = distributedSummary({ ...distributed, commandsThroughProxy: 'skipped (BENCH_PROXY=0)' }, { error: 'Error: replica exited with 1\n at x' });
    expect(s.commands_per_s_through_proxy.replicas_3).toBe('not measured: skipped (BENCH_PROXY=0)');
    expect(s.freshness_at_100_commands_per_s_ms.search.p99).toBe('not measured: skipped (BENCH_PROXY=0)');
    expect(s.events_per_s.projection_worker).toBe(860);
    expect(s.command_replica_at_100k_projects.rss_mb).toBe('not measured: Error: replica exited with 1');
    expect(distributedSummary(distributed, { sizes: [startup.sizes[0]] }).command_replica_at_100k_projects.start_up_ms).toBe('not measured');
  });
});

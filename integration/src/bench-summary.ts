/**
 * The figures issue 9 asks of `npm run bench -- --profile distributed`, picked out of the
 * sections that measured them (integration/bench.sh's output and command_startup), so the run
 * prints them in one place. A figure that was not measured says why instead of a number.
 */
export interface DistributedSummary {
  commands_per_s_through_proxy: { replicas_1: number | string; replicas_3: number | string; ratio_3_vs_1: number | string };
  events_per_s: { relay_to_kafka: number | string; projection_worker: number | string };
  /** a command's answer to a read through the proxy at its position: of the read models (a project), and of the search index as well */
  freshness_at_100_commands_per_s_ms: {
    read_models: { p50: number | string; p99: number | string };
    search: { p50: number | string; p99: number | string };
  };
  command_replica_at_100k_projects: { start_up_ms: number | string; first_lookup_answer_ms: number | string; rss_mb: number | string };
}

type Json = Record<string, unknown>;

function at(root: unknown, path: string[]): unknown {
  let v = root;
  for (const k of path) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Json)[k];
  }
  return v;
}

/** the number at `path`, else what the section said instead (a skip or an error), else "not measured" */
function figure(root: unknown, path: string[]): number | string {
  const v = at(root, path);
  if (typeof v === 'number') return v;
  for (let i = path.length - 1; i >= 0; i--) {
    const up = at(root, path.slice(0, i));
    if (typeof up === 'string') return `not measured: ${up}`;
    if (up && typeof up === 'object' && typeof (up as Json).error === 'string') return `not measured: ${String((up as Json).error).split('\n')[0]}`;
  }
  return 'not measured';
}

export function distributedSummary(distributed: unknown, commandStartup: unknown): DistributedSummary {
  const proxy = ['commandsThroughProxy'];
  const sizes = at(commandStartup, ['sizes']);
  const index = Array.isArray(sizes) ? sizes.findIndex((s) => (s as Json)?.projects === 100_000) : -1;
  const replica = index >= 0 ? ['sizes', String(index), 'later_start'] : ['sizes', 'none'];
  return {
    commands_per_s_through_proxy: {
      replicas_1: figure(distributed, [...proxy, 'replicas_1', 'requests_per_s']),
      replicas_3: figure(distributed, [...proxy, 'replicas_3', 'requests_per_s']),
      ratio_3_vs_1: figure(distributed, [...proxy, 'ratio_3_vs_1']),
    },
    events_per_s: {
      relay_to_kafka: figure(distributed, ['catchUpEventsPerSecond', 'relay_to_kafka']),
      projection_worker: figure(distributed, ['catchUpEventsPerSecond', 'kafka_worker_mongodb_opensearch']),
    },
    freshness_at_100_commands_per_s_ms: {
      read_models: {
        p50: figure(distributed, [...proxy, 'freshness_at_100_commands_per_s', 'read_models', 'p50_ms']),
        p99: figure(distributed, [...proxy, 'freshness_at_100_commands_per_s', 'read_models', 'p99_ms']),
      },
      search: {
        p50: figure(distributed, [...proxy, 'freshness_at_100_commands_per_s', 'search', 'p50_ms']),
        p99: figure(distributed, [...proxy, 'freshness_at_100_commands_per_s', 'search', 'p99_ms']),
      },
    },
    command_replica_at_100k_projects: {
      start_up_ms: figure(commandStartup, [...replica, 'listening_ms']),
      first_lookup_answer_ms: figure(commandStartup, [...replica, 'first_lookup_answer_ms']),
      rss_mb: figure(commandStartup, [...replica, 'rss_mb']),
    },
  };
}

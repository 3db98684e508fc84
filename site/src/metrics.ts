import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { CATALOGUE_PROJECTION, type ProjectionFailure, type SearchLoad } from '@modshelf/projection-service';
import type { ReadinessReport } from './readiness';

export interface HealthSource {
  /** head of the event log */
  headPosition(): Promise<number>;
  /** position the projections have reached */
  checkpoint(): number | Promise<number>;
  /** projections halted at a failing event */
  failures?(): ProjectionFailure[];
  /** live vs ready (seed and projection catch-up done) */
  readiness(): ReadinessReport;
  /** the leased process managers of this replica: whether it is the active one, and the position it reached */
  processManagers?: () => Array<{ name: string; active: boolean; position: number }>;
  /** how the embedded search index loaded its in-memory side at start */
  searchLoad?: () => SearchLoad | undefined;
  /** distributed replicas: how many of the projection workers' position feeds are connected */
  positionFeeds?: () => { connected: number; of: number };
}

/** The `projections` section of /health: each projection, running or halted, and where and why it stopped. */
function projectionsSection(checkpoint: number, failures: ProjectionFailure[]) {
  const out: Record<string, unknown> = {};
  const names = new Set([CATALOGUE_PROJECTION, ...failures.map((f) => f.projection)]);
  for (const name of names) {
    const f = failures.find((x) => x.projection === name);
    out[name] = f
      ? {
          state: 'halted',
          checkpoint,
          failed_event: { position: f.position, type: f.event_type, stream: f.stream_id, event_id: f.event_id },
          projector: f.projector,
          error: f.error,
          since: f.since,
        }
      : { state: 'running', checkpoint };
  }
  return out;
}

/**
 * /health (live, ready and projection lag), /health/live (200 while the process answers),
 * /health/ready (503 until the seed and the projections' catch-up are done) and /metrics
 * (Prometheus text).
 */
export function installHealthAndMetrics(app: FastifyInstance, source: HealthSource): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'modshelf_' });
  const requests = new Counter({
    name: 'modshelf_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'modshelf_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const head = new Gauge({ name: 'modshelf_event_log_head_position', help: 'last position in the event log', registers: [registry] });
  const checkpoint = new Gauge({ name: 'modshelf_projection_checkpoint_position', help: 'position the projections reached', registers: [registry] });
  const lag = new Gauge({ name: 'modshelf_projection_lag_events', help: 'events appended but not yet projected', registers: [registry] });
  const pmActive = new Gauge({
    name: 'modshelf_process_manager_active',
    help: "1 when this replica holds the process manager's lease",
    labelNames: ['name'],
    registers: [registry],
  });
  const pmPosition = new Gauge({
    name: 'modshelf_process_manager_position',
    help: 'log position the process manager reached on this replica',
    labelNames: ['name'],
    registers: [registry],
  });
  const halted = new Gauge({
    name: 'modshelf_projection_halted',
    help: '1 while a projection is stopped at a failing event',
    labelNames: ['projection'],
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'modshelf_projection_failed_event_position',
    help: 'log position of the event a halted projection stopped at (labels: which projector, event type, stream, error)',
    labelNames: ['projection', 'projector', 'event_type', 'stream', 'error'],
    registers: [registry],
  });
  const searchLoaded = new Gauge({
    name: 'modshelf_search_loaded',
    help: "how the search index's in-memory side was loaded at start (from: snapshot, snapshot+delta or rows), and the rows it read",
    labelNames: ['from'],
    registers: [registry],
  });
  const searchLoadSeconds = new Gauge({
    name: 'modshelf_search_load_seconds',
    help: "time the search index's in-memory side took to load at start",
    registers: [registry],
  });
  const feedsGauge = new Gauge({
    name: 'modshelf_position_feeds_connected',
    help: "projection workers' position feeds this replica follows, connected",
    registers: [registry],
  });
  const readyGauge = new Gauge({ name: 'modshelf_ready', help: '1 once the demo seed and the projection catch-up are done, else 0', registers: [registry] });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/health', async (_request, reply) => {
    const [h, c] = await Promise.all([source.headPosition(), source.checkpoint()]);
    reply.header('cache-control', 'no-store');
    const { ready, reason, seed } = source.readiness();
    return {
      status: 'ok',
      live: true,
      ready,
      ...(reason ? { not_ready_reason: reason } : {}),
      seed,
      event_log_head: h,
      projection_checkpoint: c,
      projection_lag: Math.max(0, h - c),
      projections: projectionsSection(c, source.failures?.() ?? []),
      ...(source.positionFeeds ? { position_feeds: source.positionFeeds() } : {}),
    };
  });
  app.get('/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', live: true };
  });
  app.get('/health/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { ready, reason, seed } = source.readiness();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'not_ready', ready, ...(reason ? { not_ready_reason: reason } : {}), seed });
  });

  app.get('/metrics', async (_request, reply) => {
    const [h, c] = await Promise.all([source.headPosition(), source.checkpoint()]);
    head.set(h);
    checkpoint.set(c);
    lag.set(Math.max(0, h - c));
    for (const pm of source.processManagers?.() ?? []) {
      pmActive.set({ name: pm.name }, pm.active ? 1 : 0);
      pmPosition.set({ name: pm.name }, pm.position);
    }
    const failures = source.failures?.() ?? [];
    halted.reset();
    failed.reset();
    halted.set({ projection: CATALOGUE_PROJECTION }, 0);
    for (const f of failures) {
      halted.set({ projection: f.projection }, 1);
      failed.set({ projection: f.projection, projector: f.projector, event_type: f.event_type, stream: f.stream_id, error: f.error.slice(0, 200) }, f.position);
    }
    const loaded = source.searchLoad?.();
    if (loaded) {
      searchLoaded.reset();
      searchLoaded.set({ from: loaded.from }, loaded.rows);
      searchLoadSeconds.set(loaded.ms / 1000);
    }
    if (source.positionFeeds) feedsGauge.set(source.positionFeeds().connected);
    readyGauge.set(source.readiness().ready ? 1 : 0);
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}

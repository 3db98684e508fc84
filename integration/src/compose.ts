/**
 * docker-compose.yml and the proxy's nginx configuration, rendered from topology.ts (the description
 * `npm run start:distributed` also starts from). `npm run compose` writes both files;
 * compose.unit.test.ts fails when the committed files differ from what this renders.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { MICRO_FRONTENDS, compiledEntry, proxyConfig, replicaId, topology, type Service } from './topology';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
export const PROXY_CONF_FILE = join(ROOT, 'integration', 'docker', 'nginx-proxy.conf');

const HEADER = `# Rendered from integration/src/topology.ts by \`npm run compose\` (do not edit by hand; compose.unit.test.ts
# checks it). The distributed profile: EventStoreDB, Kafka (KRaft), MongoDB, OpenSearch, the
# command/query service with replicas, the relay, the projection workers, the shell and the four
# micro-frontends as static services, and an nginx proxy in front.
#
#   npm ci && npm run build            # the front end's dist/ folders (served by the static services)
#   docker compose up -d --build
#
# \`npm run start:distributed\` runs the same topology on one machine without Docker. This file has not
# been run here (no Docker engine on the machines it was written on); see integration/README.md.
`;

const SHARED_ENV = {
  PROFILE: 'distributed',
  EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
  KAFKA_BROKERS: 'kafka:9092',
  KAFKA_TOPIC: 'modshelf.events',
  MONGODB_URL: 'mongodb://mongodb:27017/?replicaSet=rs0&directConnection=true',
  OPENSEARCH_URL: 'http://opensearch:9200',
  STORAGE_NAME: 'modshelf',
  LOG_LEVEL: 'info',
};

const healthy = { condition: 'service_healthy' };

const ENGINES: Record<string, unknown> = {
  eventstore: {
    image: 'eventstore/eventstore:24.10',
    environment: {
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_ENABLE_ATOM_PUB_OVER_HTTP: 'false',
    },
    ports: ['2113:2113'],
    volumes: ['eventstore-data:/var/lib/eventstore', 'eventstore-logs:/var/log/eventstore'],
    healthcheck: { test: ['CMD-SHELL', 'curl -fsS http://localhost:2113/health/live || exit 1'], interval: '5s', timeout: '3s', retries: 30 },
  },
  kafka: {
    image: 'apache/kafka:3.9.1',
    environment: {
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093,EXTERNAL://:19092',
      KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://kafka:9092,EXTERNAL://localhost:19092',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,EXTERNAL:PLAINTEXT',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@kafka:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_LOG_DIRS: '/var/lib/kafka/data',
      KAFKA_HEAP_OPTS: '-Xms512m -Xmx512m',
    },
    ports: ['19092:19092'],
    volumes: ['kafka-data:/var/lib/kafka/data'],
    healthcheck: {
      test: ['CMD-SHELL', '/opt/kafka/bin/kafka-broker-api-versions.sh --bootstrap-server localhost:9092 >/dev/null 2>&1 || exit 1'],
      interval: '10s',
      timeout: '10s',
      retries: 30,
    },
  },
  mongodb: {
    image: 'mongo:7',
    command: ['--replSet', 'rs0', '--bind_ip_all', '--wiredTigerCacheSizeGB', '0.5'],
    ports: ['27017:27017'],
    volumes: ['mongodb-data:/data/db'],
    healthcheck: {
      test: [
        'CMD-SHELL',
        `mongosh --quiet --eval "try { rs.status().ok } catch (e) { rs.initiate({_id: 'rs0', members: [{_id: 0, host: 'mongodb:27017'}]}).ok }" | grep -q 1`,
      ],
      interval: '5s',
      timeout: '10s',
      retries: 30,
    },
  },
  opensearch: {
    image: 'opensearchproject/opensearch:2.19.1',
    environment: {
      'discovery.type': 'single-node',
      DISABLE_SECURITY_PLUGIN: 'true',
      DISABLE_INSTALL_DEMO_CONFIG: 'true',
      OPENSEARCH_JAVA_OPTS: '-Xms512m -Xmx512m',
    },
    ulimits: { memlock: { soft: -1, hard: -1 }, nofile: { soft: 65536, hard: 65536 } },
    ports: ['9200:9200'],
    volumes: ['opensearch-data:/usr/share/opensearch/data'],
    healthcheck: {
      test: ['CMD-SHELL', "curl -fsS 'http://localhost:9200/_cluster/health?wait_for_status=yellow&timeout=2s' || exit 1"],
      interval: '5s',
      timeout: '5s',
      retries: 60,
    },
  },
};

function dependsOn(s: Service): Record<string, unknown> | undefined {
  if (!s.dependsOn) return undefined;
  const engines = new Set(Object.keys(ENGINES));
  const deps = s.kind === 'app' && s.name !== 'relay' ? ['eventstore', ...s.dependsOn] : s.name === 'relay' ? ['eventstore', ...s.dependsOn] : s.dependsOn;
  return Object.fromEntries(deps.map((d) => [d, engines.has(d) ? healthy : { condition: 'service_started' }]));
}

function appService(s: Service): Record<string, unknown> {
  const environment: Record<string, string> = { ...SHARED_ENV, ...s.env };
  if (s.port) environment.PORT = String(s.port);
  if (s.name === 'command-service')
    Object.assign(environment, {
      DATA_DIR: '/data',
      PUBLIC_URL: 'http://localhost:8080',
      // a read waiting for a position wakes on the workers' position feeds
      PROJECTION_WORKER_URLS: composeNames('projection-service')
        .map((n) => `http://${n}:${topology().find((t) => t.name === 'projection-service')!.port}`)
        .join(','),
    });
  if (s.name === 'relay') environment.RELAY_CHECKPOINT = '/state/relay-checkpoint.json';
  const out: Record<string, unknown> = {
    build: { context: '.', dockerfile: 'integration/docker/app.Dockerfile' },
    image: 'modshelf-app:dev',
    restart: 'unless-stopped',
    command: ['node', compiledEntry(s.entry!)],
    environment,
  };
  if ((s.replicas ?? 1) > 1 && !s.namedReplicas) out.deploy = { replicas: s.replicas };
  if (s.name === 'command-service') out.volumes = ['blobs:/data'];
  if (s.name === 'relay') out.volumes = ['relay-state:/state'];
  const deps = dependsOn(s);
  if (deps) out.depends_on = deps;
  if (s.health && s.port)
    out.healthcheck = { test: ['CMD-SHELL', `curl -fsS http://localhost:${s.port}${s.health} || exit 1`], interval: '5s', timeout: '3s', retries: 60 };
  return out;
}

/**
 * The compose services of one topology service: one with `deploy.replicas`, or, for named replicas, `<name>-1` to
 * `<name>-N`, each with its REPLICA_ID (compose gives no per-copy environment to `deploy.replicas`). Copy 1 seeds
 * the demo catalogue on a fresh store and the others start once it is healthy, as start:distributed does.
 */
function appServices(s: Service): Array<[string, Record<string, unknown>]> {
  if (!s.namedReplicas) return [[s.name, appService(s)]];
  return Array.from({ length: s.replicas ?? 1 }, (_, i): [string, Record<string, unknown>] => {
    const one = appService(s);
    Object.assign(one.environment as Record<string, string>, { REPLICA_ID: replicaId(i + 1), ...(i > 0 && s.entry === 'main' ? { SEED: 'false' } : {}) });
    if (i > 0) one.depends_on = { ...(one.depends_on as Record<string, unknown>), [`${s.name}-1`]: healthy };
    return [`${s.name}-${i + 1}`, one];
  });
}

/** The compose names of a topology service's copies (the proxy's upstreams and dependencies). */
function composeNames(name: string): string[] {
  const s = topology().find((t) => t.name === name);
  return s?.namedReplicas ? Array.from({ length: s.replicas ?? 1 }, (_, i) => `${name}-${i + 1}`) : [name];
}

function staticService(s: Service): Record<string, unknown> {
  return {
    image: 'nginx:1.27-alpine',
    volumes: [`./${s.root}:/usr/share/nginx/html:ro`],
    ports: [`${s.port}:80`],
    healthcheck: { test: ['CMD-SHELL', `wget -qO- http://localhost${s.health} >/dev/null || exit 1`], interval: '10s', timeout: '3s', retries: 10 },
  };
}

/** The proxy's configuration inside compose: one upstream server per command-service replica. */
export function composeProxyConf(): string {
  return `# Rendered from integration/src/topology.ts by \`npm run compose\`; mounted into the proxy container.
resolver 127.0.0.11 valid=10s;
${proxyConfig('80', {
  replicas: composeNames('command-service').map((n) => `${n}:8080`),
  shell: 'shell:80',
  mfes: Object.fromEntries(MICRO_FRONTENDS.map((m) => [m, `mfe-${m}:80`])) as Record<(typeof MICRO_FRONTENDS)[number], string>,
})}`;
}

export function composeDocument(): Record<string, unknown> {
  const services: Record<string, unknown> = { ...ENGINES };
  for (const s of topology()) {
    if (s.kind === 'app') Object.assign(services, Object.fromEntries(appServices(s)));
    else if (s.kind === 'static') services[s.name] = staticService(s);
    else
      services[s.name] = {
        image: 'nginx:1.27-alpine',
        volumes: ['./integration/docker/nginx-proxy.conf:/etc/nginx/conf.d/default.conf:ro'],
        ports: [`${s.port}:80`],
        depends_on: Object.fromEntries(
          (s.dependsOn ?? []).flatMap((d) => composeNames(d).map((n) => [n, { condition: d === 'command-service' ? 'service_healthy' : 'service_started' }])),
        ),
      };
  }
  return {
    services,
    volumes: Object.fromEntries(
      ['eventstore-data', 'eventstore-logs', 'kafka-data', 'mongodb-data', 'opensearch-data', 'relay-state', 'blobs'].map((v) => [v, null]),
    ),
  };
}

export function composeText(): string {
  return `${HEADER}\n${stringify(composeDocument(), { lineWidth: 0 })}`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  writeFileSync(COMPOSE_FILE, composeText());
  writeFileSync(PROXY_CONF_FILE, composeProxyConf());
  console.log(`wrote ${COMPOSE_FILE} and ${PROXY_CONF_FILE}`);
}

/**
 * The distributed profile's deployables, described once. `npm run start:distributed`
 * (start-distributed.ts) starts them as processes on this machine; docker-compose.yml is rendered
 * from the same description (compose.ts, `npm run compose`), and a test keeps the two equal.
 */

/** The compiled server entries the app services run (ENTRIES of scripts/server-build.mjs; topology.unit.test.ts checks they are there). */
export type ServerEntry = 'main' | 'relay' | 'bus-worker';

/** The file an app service runs, relative to the repository root: compiled JavaScript, never TypeScript through a loader. */
export const compiledEntry = (entry: ServerEntry): string => `dist/server/${entry}.js`;

/** The REPLICA_ID of copy n (1-based) of a service with named replicas: the same name in both runners and across restarts. */
export const replicaId = (n: number): string => `replica-${n}`;

/** The micro-frontends the shell loads (each a `mfe-<name>/dist` folder, served at /remotes/<name>/). */
export const MICRO_FRONTENDS = ['catalogue', 'dashboard', 'settings', 'moderation'] as const;

export type ServiceKind = 'engine' | 'app' | 'static' | 'proxy';

export interface Service {
  name: string;
  kind: ServiceKind;
  /** what it does, one line (a comment in the compose file) */
  about: string;
  /** app services: the compiled entry (a name of ENTRIES in scripts/server-build.mjs), run as `node dist/server/<entry>.js` */
  entry?: ServerEntry;
  /** static services: the folder served */
  root?: string;
  /** environment beyond the shared one (engine URLs, profile) */
  env?: Record<string, string>;
  /** how many copies run (default 1) */
  replicas?: number;
  /**
   * each copy is named by `replicaId(n)` (REPLICA_ID), kept across restarts, and addressed by its own name
   * (`<name>-<n>` in compose): a command-service copy keeps its own download and view journals in the shared
   * DATA_DIR, which only it writes and which its restart drains; the query replicas follow every projection
   * worker's position feed
   */
  namedReplicas?: boolean;
  /** the port it listens on inside its container / the base port on this machine */
  port?: number;
  /** path answering 200 when it is ready */
  health?: string;
  dependsOn?: string[];
}

export interface TopologyOptions {
  commandReplicas: number;
  projectionWorkers: number;
}

export const DEFAULTS: TopologyOptions = { commandReplicas: 3, projectionWorkers: 2 };

/** The application services and the web; the engines (EventStoreDB, Kafka, MongoDB, OpenSearch) are listed by the runners. */
export function topology(o: TopologyOptions = DEFAULTS): Service[] {
  return [
    {
      name: 'command-service',
      kind: 'app',
      about: 'commands and queries (the /v2 API, page rendering); replicas share one event store and read the projections written by the workers',
      entry: 'main',
      env: { PROFILE: 'distributed', WEB: 'true', TRUST_PROXY: 'true' },
      replicas: o.commandReplicas,
      namedReplicas: true,
      port: 8080,
      health: '/health',
      dependsOn: ['kafka', 'mongodb', 'opensearch'],
    },
    {
      name: 'relay',
      kind: 'app',
      about: 'tails the event log from its checkpoint and publishes to Kafka keyed by stream id; exactly one',
      entry: 'relay',
      replicas: 1,
      dependsOn: ['kafka'],
    },
    {
      name: 'projection-service',
      kind: 'app',
      about: 'projection workers in one consumer group: one active on the partition, the others hot standbys',
      entry: 'bus-worker',
      env: { PROJECTION_GROUP: 'projections' },
      replicas: o.projectionWorkers,
      namedReplicas: true,
      port: 9464,
      health: '/health',
      dependsOn: ['kafka', 'mongodb', 'opensearch'],
    },
    {
      name: 'shell',
      kind: 'static',
      about: 'the module-federation host: shell/dist as static files',
      root: 'shell/dist',
      port: 8081,
      health: '/index.html',
    },
    ...MICRO_FRONTENDS.map((m, i): Service => ({
      name: `mfe-${m}`,
      kind: 'static',
      about: `the ${m} micro-frontend: mfe-${m}/dist as static files, loaded at /remotes/${m}/`,
      root: `mfe-${m}/dist`,
      port: 8082 + i,
      health: '/remote.json',
    })),
    {
      name: 'proxy',
      kind: 'proxy',
      about: 'nginx: spreads API calls and pages over the command-service replicas, /remotes/<name>/ to each micro-frontend, shell files to the shell',
      port: 8080,
      dependsOn: ['command-service', 'shell', ...MICRO_FRONTENDS.map((m) => `mfe-${m}`)],
    },
  ];
}

/** Paths the command-service replicas answer (everything else of the web goes to the static services first). */
export const API_LOCATIONS = ['/v2', '/v3', '/_internal', '/health', '/metrics', '/openapi', '/remotes.json', '/builds/'];

export interface Upstreams {
  replicas: string[];
  shell: string;
  mfes: Record<(typeof MICRO_FRONTENDS)[number], string>;
}

/**
 * The proxy's nginx configuration (the part inside `http {}`), shared by both runners: API calls
 * and pages over the replicas (pages too: the replicas render index.html with the page's title and
 * language), /remotes/<name>/ to the micro-frontend services, the shell's files to the shell
 * service, falling back to the replicas for every path the shell does not hold.
 */
export function proxyConfig(listen: string, up: Upstreams): string {
  const mfes = MICRO_FRONTENDS.map((m) => `    location /remotes/${m}/ {\n      proxy_pass http://${up.mfes[m]}/;\n    }`).join('\n');
  return `  upstream replicas {
${up.replicas.map((r) => `    server ${r} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen ${listen};
    client_max_body_size 110m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # a replica that fails to answer (killed, restarting) is skipped; commands are retried only
    # when the request never reached one (connection refused), so nothing is applied twice
    proxy_next_upstream error;
    proxy_next_upstream_tries 3;
${API_LOCATIONS.map((p) => `    location ${p.endsWith('/') ? p : `^~ ${p}`} {\n      proxy_pass http://replicas;\n    }`).join('\n')}
${mfes}
    location = / {
      proxy_pass http://replicas;
    }
    location / {
      proxy_pass http://${up.shell};
      proxy_intercept_errors on;
      error_page 404 = @replicas;
    }
    location @replicas {
      proxy_pass http://replicas;
    }
  }
`;
}

/** A static service's nginx server block: its folder, files only (a missing file is a 404). */
export function staticConfig(listen: string, root: string): string {
  return `  server {
    listen ${listen};
    root ${root};
    location / {
      try_files $uri =404;
    }
    location = /index.html {
      try_files $uri =404;
    }
  }
`;
}

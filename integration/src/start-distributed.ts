/**
 * `npm run start:distributed`: the distributed profile on this machine, without Docker.
 *
 *   PORT (8080)             the reverse proxy (Debian's nginx) serving the site
 *   COMMAND_REPLICAS (3)    command/query replicas behind it, sharing one event store
 *   PROJECTION_WORKERS (2)  projection workers (one consumer group)
 *   DATA_DIR (./data/distributed)  the shared SQLite log, credential vault, blobs, relay checkpoint
 *   EVENTSTORE_URL          EventStoreDB instead of the SQLite log
 *   KAFKA_BROKERS, MONGODB_URL, OPENSEARCH_URL  servers to use; unset ones are started here the way
 *                           `npm run test:integration` obtains them (integration/servers/*.sh)
 *
 * The Node services run the compiled entries under dist/server (scripts/server-build.mjs, built
 * first when missing or older than the sources, as `npm start` does), never TypeScript through tsx.
 * Starts the engines, the relay, the workers, the replicas (the first seeds the demo catalogue on a
 * fresh DATA_DIR), the shell and the four micro-frontends as static services, and the proxy, from
 * the one description in topology.ts. Ctrl-C (or SIGTERM) stops everything it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MICRO_FRONTENDS, compiledEntry, proxyConfig, replicaId, staticConfig, topology, type Service } from './topology';
import { freePort } from '@modshelf/service-kit/free-port';
import { buildServer, serverBuildStale } from '../../scripts/server-build.mjs';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const env = process.env;
const int = (name: string, fallback: number, min = 1) => {
  const v = env[name] ?? String(fallback);
  if (!/^\d+$/.test(v) || Number(v) < min) throw new Error(`${name} must be an integer >= ${min} (got ${v})`);
  return Number(v);
};
const PORT = int('PORT', 8080);
const REPLICAS = int('COMMAND_REPLICAS', 3);
const WORKERS = int('PROJECTION_WORKERS', 2);
const DATA_DIR = resolve(env.DATA_DIR ?? join(ROOT, 'data', 'distributed'));
const log = (msg: string) => console.log(`[distributed] ${msg}`);

const children: Array<{ name: string; proc: ChildProcess; command: string[] }> = [];
const startedServers: string[] = [];
let stopping = false;

function run(name: string, command: string, args: string[], extraEnv: Record<string, string>): ChildProcess {
  const proc = spawn(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push({ name, proc, command: [command, ...args] });
  proc.on('exit', (code, signal) => {
    if (!stopping) log(`${name} exited (${signal ?? code})`);
  });
  return proc;
}

async function waitHttp(name: string, url: string, timeoutS: number, proc?: ChildProcess): Promise<void> {
  const end = Date.now() + timeoutS * 1000;
  while (Date.now() < end && !stopping) {
    if (proc && proc.exitCode !== null) throw new Error(`${name} exited before it was ready`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} not ready at ${url} after ${timeoutS} s`);
}

/** Engines: given by URL, or started by integration/servers/*.sh (stopped again on exit). */
function engines(): Record<string, string> {
  const out: Record<string, string> = {};
  const start = (script: string) => {
    const r = spawnSync('bash', [`integration/servers/${script}.sh`, 'start'], { cwd: ROOT, stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`${script} could not be started (integration/servers/${script}.sh)`);
    startedServers.push(script);
  };
  if (env.KAFKA_BROKERS) out.KAFKA_BROKERS = env.KAFKA_BROKERS;
  else {
    start('kafka');
    out.KAFKA_BROKERS = `127.0.0.1:${env.KAFKA_PORT ?? 19092}`;
  }
  if (env.OPENSEARCH_URL) out.OPENSEARCH_URL = env.OPENSEARCH_URL;
  else {
    start('opensearch');
    out.OPENSEARCH_URL = `http://127.0.0.1:${env.OPENSEARCH_PORT ?? 19200}`;
  }
  if (env.MONGODB_URL) out.MONGODB_URL = env.MONGODB_URL;
  else {
    start('ferretdb');
    out.MONGODB_URL = `mongodb://127.0.0.1:${env.MONGO_PORT ?? 27117}`;
  }
  return out;
}

/**
 * The names this DATA_DIR's projections and topic use, fixed on its first start: a fresh DATA_DIR
 * gets fresh read models, index and topic, never the checkpoints of an older log.
 */
function deploymentName(): string {
  const file = join(DATA_DIR, 'deployment-name');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const name = `modshelf_${randomBytes(4).toString('hex')}`;
  writeFileSync(file, `${name}\n`);
  return name;
}

async function stop(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  log('stopping');
  for (const { proc } of [...children].reverse()) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
  const end = Date.now() + 15_000;
  while (children.some((c) => c.proc.exitCode === null && c.proc.signalCode === null) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  for (const { proc } of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  for (const s of startedServers.reverse()) spawnSync('bash', [`integration/servers/${s}.sh`, 'stop'], { cwd: ROOT, stdio: 'inherit', env });
  log('stopped');
  process.exit(code);
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
  mkdirSync(DATA_DIR, { recursive: true });
  const findNginx = () =>
    ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? (spawnSync('sh', ['-c', 'command -v nginx']).stdout?.toString().trim() || '');
  if (!findNginx()) {
    // Debian's nginx, installed the way integration/servers/ferretdb.sh installs PostgreSQL
    log('nginx not installed: apt-get install nginx');
    spawnSync('sh', ['-c', 'apt-get install -y -qq nginx >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq nginx >/dev/null; }'], {
      stdio: 'inherit',
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx not found and not installable: apt-get install nginx (Debian); the proxy and the static services run on it');

  const services = new Map<string, Service>(topology({ commandReplicas: REPLICAS, projectionWorkers: WORKERS }).map((s) => [s.name, s]));
  const name = deploymentName();
  const shared: Record<string, string> = {
    ...engines(),
    KAFKA_TOPIC: `${name}.events`,
    STORAGE_NAME: name,
    ...(env.EVENTSTORE_URL ? { EVENTSTORE_URL: env.EVENTSTORE_URL } : {}),
  };
  log(
    `data in ${DATA_DIR}; event store: ${env.EVENTSTORE_URL ? `EventStoreDB ${env.EVENTSTORE_URL}` : `SQLite log ${join(DATA_DIR, 'events.db')} (WAL, shared by the replicas)`}`,
  );

  const node = (svc: Service, label: string, extra: Record<string, string>) =>
    run(label, process.execPath, [compiledEntry(svc.entry!)], { ...shared, ...svc.env, ...extra });

  if (serverBuildStale()) {
    log('building dist/server (scripts/server-build.mjs)');
    await buildServer();
  }

  const relay = services.get('relay')!;
  node(relay, 'relay', {
    ...(env.EVENTSTORE_URL ? {} : { EVENTS_DB: join(DATA_DIR, 'events.db') }),
    RELAY_CHECKPOINT: join(DATA_DIR, 'relay-checkpoint.json'),
  });
  const worker = services.get('projection-service')!;
  const workerPorts: number[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const port = await freePort();
    workerPorts.push(port);
    node(worker, `projection-service-${i + 1}`, { PORT: String(port), HOST: '127.0.0.1', PROJECTION_GROUP: `${name}.projections` });
  }

  const app = services.get('command-service')!;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${PORT}`;
  const replicaPorts: number[] = [];
  const replica = async (i: number) => {
    const port = await freePort();
    replicaPorts.push(port);
    const proc = node(app, `command-service-${i + 1}`, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      // the replicas share DATA_DIR; each keeps its own download and view journals, drained when it restarts
      REPLICA_ID: replicaId(i + 1),
      PUBLIC_URL: publicUrl,
      // the first replica seeds the demo catalogue on a fresh log; the others start on it
      SEED: i === 0 ? (env.SEED ?? 'true') : 'false',
      // a read waiting for a position wakes on the workers' position feeds
      PROJECTION_WORKER_URLS: workerPorts.map((p) => `http://127.0.0.1:${p}`).join(','),
    });
    await waitHttp(`command-service-${i + 1}`, `http://127.0.0.1:${port}/health`, 900, proc);
  };
  await replica(0);
  await Promise.all(Array.from({ length: REPLICAS - 1 }, (_, i) => replica(i + 1)));
  for (const p of workerPorts) await waitHttp('projection-service', `http://127.0.0.1:${p}/health`, 120);

  // the static services and the proxy: one nginx, one server block (one port) each
  const shellPort = await freePort();
  const mfePorts = Object.fromEntries(await Promise.all(MICRO_FRONTENDS.map(async (m) => [m, await freePort()] as const))) as Record<
    (typeof MICRO_FRONTENDS)[number],
    number
  >;
  const nginxDir = join(DATA_DIR, 'nginx');
  mkdirSync(join(nginxDir, 'tmp'), { recursive: true });
  const conf = `daemon off;
worker_processes 2;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${nginxDir}/tmp/body;
  proxy_temp_path ${nginxDir}/tmp/proxy;
  fastcgi_temp_path ${nginxDir}/tmp/fastcgi;
  uwsgi_temp_path ${nginxDir}/tmp/uwsgi;
  scgi_temp_path ${nginxDir}/tmp/scgi;
${staticConfig(`127.0.0.1:${shellPort}`, join(ROOT, services.get('shell')!.root!))}
${MICRO_FRONTENDS.map((m) => staticConfig(`127.0.0.1:${mfePorts[m]}`, join(ROOT, services.get(`mfe-${m}`)!.root!))).join('\n')}
${proxyConfig(String(PORT), {
  replicas: replicaPorts.map((p) => `127.0.0.1:${p}`),
  shell: `127.0.0.1:${shellPort}`,
  mfes: Object.fromEntries(MICRO_FRONTENDS.map((m) => [m, `127.0.0.1:${mfePorts[m]}`])) as Record<(typeof MICRO_FRONTENDS)[number], string>,
})}}
`;
  const confFile = join(nginxDir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const check = spawnSync(nginx, ['-t', '-q', '-c', confFile, '-p', nginxDir], { stdio: 'inherit' });
  if (check.status !== 0) throw new Error(`nginx rejected ${confFile}`);
  const proxy = run('proxy (nginx)', nginx, ['-c', confFile, '-p', nginxDir], {});
  await waitHttp('proxy', `http://127.0.0.1:${PORT}/health`, 30, proxy);
  // what runs where, for operators and the tests (which kill some of them)
  const ports: Record<string, number> = Object.fromEntries([
    ...replicaPorts.map((p, i) => [`command-service-${i + 1}`, p]),
    ...workerPorts.map((p, i) => [`projection-service-${i + 1}`, p]),
    ['proxy (nginx)', PORT],
  ]);
  writeFileSync(
    join(DATA_DIR, 'processes.json'),
    JSON.stringify(
      {
        storageName: name,
        topic: shared.KAFKA_TOPIC,
        processes: children.map((c) => ({ name: c.name, pid: c.proc.pid, port: ports[c.name] ?? null, command: c.command })),
      },
      null,
      2,
    ),
  );
  log(
    `up: ${publicUrl} -> nginx -> ${REPLICAS} command/query replicas (${replicaPorts.join(', ')}); ` +
      `relay; ${WORKERS} projection workers (metrics on ${workerPorts.join(', ')}); shell on ${shellPort}, ` +
      `micro-frontends on ${MICRO_FRONTENDS.map((m) => `${m} ${mfePorts[m]}`).join(', ')}. Ctrl-C stops everything.`,
  );
  // one child dying is reported (above); the rest keeps serving, as behind any proxy
}

main().catch((err) => {
  console.error(`[distributed] ${err instanceof Error ? err.message : err}`);
  void stop(1);
});

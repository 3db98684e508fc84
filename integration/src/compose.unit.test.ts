import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPOSE_FILE, PROXY_CONF_FILE, composeDocument, composeProxyConf, composeText } from './compose';
import { DEFAULTS, MICRO_FRONTENDS, topology } from './topology';
import { ENTRIES, ROOT } from '../../scripts/server-build.mjs';

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  volumes?: string[];
  depends_on?: Record<string, unknown>;
}
const composeServices = () => (parse(readFileSync(COMPOSE_FILE, 'utf8')) as { services: Record<string, ComposeService> }).services;
const commandReplicas = Array.from({ length: DEFAULTS.commandReplicas }, (_, i) => `command-service-${i + 1}`);
const workers = Array.from({ length: DEFAULTS.projectionWorkers }, (_, i) => `projection-service-${i + 1}`);

describe('docker-compose.yml, rendered from the topology start:distributed runs', () => {
  it('is what `npm run compose` renders (edit topology.ts, then run it)', () => {
    expect(readFileSync(COMPOSE_FILE, 'utf8')).toBe(composeText());
    expect(readFileSync(PROXY_CONF_FILE, 'utf8')).toBe(composeProxyConf());
  });

  it('lists every deployable: the engines, the command/query service with replicas, the relay, the workers, the shell and all four micro-frontends, the proxy', () => {
    const services = composeServices();
    expect(Object.keys(services).sort()).toEqual(
      [
        'eventstore',
        'kafka',
        'mongodb',
        'opensearch',
        ...commandReplicas,
        'relay',
        ...workers,
        'shell',
        ...MICRO_FRONTENDS.map((m) => `mfe-${m}`),
        'proxy',
      ].sort(),
    );
    // each worker by its own name: the replicas follow every worker's position feed
    for (const w of workers) expect(services[w].deploy).toBeUndefined();
    for (const r of commandReplicas) expect(services[r].environment?.PROJECTION_WORKER_URLS).toBe(workers.map((w) => `http://${w}:9464`).join(','));
    expect(services.relay.deploy).toBeUndefined();
    for (const m of MICRO_FRONTENDS) expect(services[`mfe-${m}`].volumes).toEqual([`./mfe-${m}/dist:/usr/share/nginx/html:ro`]);
    expect(composeDocument()).toEqual(parse(composeText()));
  });

  it('every Node service runs its compiled entry (node dist/server/<entry>.js, built in the image), never TypeScript through tsx', () => {
    const services = composeServices();
    const apps = Object.entries(services).filter(([, s]) => s.command?.[0] === 'node');
    expect(apps.map(([name]) => name).sort()).toEqual([...commandReplicas, 'relay', ...workers].sort());
    for (const [name, s] of apps) {
      expect(s.command, name).toHaveLength(2);
      expect(s.command![1], name).toMatch(/^dist\/server\/[a-z-]+\.js$/);
      expect(Object.keys(ENTRIES), name).toContain(s.command![1].slice('dist/server/'.length, -'.js'.length));
      expect(JSON.stringify(s), name).not.toMatch(/tsx/);
    }
    for (const s of topology()) if (s.kind === 'app') expect(Object.keys(ENTRIES)).toContain(s.entry);
    expect(readFileSync(join(ROOT, 'integration/docker/app.Dockerfile'), 'utf8')).toMatch(/^RUN node scripts\/server-build\.mjs$/m);
  });

  it('each command-service replica has its own REPLICA_ID (its own count journals in the shared /data), the first seeding, the others after it', () => {
    const services = composeServices();
    const replicas = commandReplicas.map((n) => services[n]);
    expect(replicas.map((r) => r.environment?.REPLICA_ID)).toEqual(commandReplicas.map((_, i) => `replica-${i + 1}`));
    for (const r of replicas) expect(r.volumes).toEqual(['blobs:/data']);
    expect(replicas.map((r) => r.environment?.SEED)).toEqual([undefined, ...commandReplicas.slice(1).map(() => 'false')]);
    for (const r of replicas.slice(1)) expect(r.depends_on?.['command-service-1']).toEqual({ condition: 'service_healthy' });
    expect(Object.keys(services.proxy.depends_on ?? {})).toEqual(expect.arrayContaining(commandReplicas));
    for (const n of commandReplicas) expect(composeProxyConf()).toContain(`    server ${n}:8080 max_fails=1 fail_timeout=2s;`);
  });

  it('the proxy sends the API and pages to the replicas and each /remotes/<name>/ to its micro-frontend', () => {
    const conf = composeProxyConf();
    expect(conf).toContain('location ^~ /v2 {\n      proxy_pass http://replicas;');
    for (const m of MICRO_FRONTENDS) expect(conf).toContain(`location /remotes/${m}/ {\n      proxy_pass http://mfe-${m}:80/;`);
    expect(conf).toContain('error_page 404 = @replicas;');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPOSE_FILE, PROXY_CONF_FILE, composeDocument, composeProxyConf, composeText } from './compose';
import { DEFAULTS, MICRO_FRONTENDS } from './topology';

describe('docker-compose.yml, rendered from the topology start:distributed runs', () => {
  it('is what `npm run compose` renders (edit topology.ts, then run it)', () => {
    expect(readFileSync(COMPOSE_FILE, 'utf8')).toBe(composeText());
    expect(readFileSync(PROXY_CONF_FILE, 'utf8')).toBe(composeProxyConf());
  });

  it('lists every deployable: the engines, the command/query service with replicas, the relay, the workers, the shell and all four micro-frontends, the proxy', () => {
    const services = (parse(readFileSync(COMPOSE_FILE, 'utf8')) as { services: Record<string, { deploy?: { replicas?: number }; volumes?: string[] }> })
      .services;
    expect(Object.keys(services).sort()).toEqual(
      [
        'eventstore',
        'kafka',
        'mongodb',
        'opensearch',
        'command-service',
        'relay',
        'projection-service',
        'shell',
        ...MICRO_FRONTENDS.map((m) => `mfe-${m}`),
        'proxy',
      ].sort(),
    );
    expect(services['command-service'].deploy?.replicas).toBe(DEFAULTS.commandReplicas);
    expect(services['projection-service'].deploy?.replicas).toBe(DEFAULTS.projectionWorkers);
    expect(services.relay.deploy).toBeUndefined();
    for (const m of MICRO_FRONTENDS) expect(services[`mfe-${m}`].volumes).toEqual([`./mfe-${m}/dist:/usr/share/nginx/html:ro`]);
    expect(composeDocument()).toEqual(parse(composeText()));
  });

  it('the proxy sends the API and pages to the replicas and each /remotes/<name>/ to its micro-frontend', () => {
    const conf = composeProxyConf();
    expect(conf).toContain('location ^~ /v2 {\n      proxy_pass http://replicas;');
    for (const m of MICRO_FRONTENDS) expect(conf).toContain(`location /remotes/${m}/ {\n      proxy_pass http://mfe-${m}:80/;`);
    expect(conf).toContain('error_page 404 = @replicas;');
  });
});

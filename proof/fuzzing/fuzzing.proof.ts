import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signUp } from '../harness/api';
import { ADMIN, RATE_LIMIT_KEY, REPO_ROOT, startSiteProcess, tempDataDir, waitSeeded, type SiteProcess } from '../harness/site-process';

/** schemathesis from the project's own virtual environment (`proof/run.sh` makes it). */
const ST = process.env.SCHEMATHESIS_BIN ?? join(REPO_ROOT, '.venv-proof/bin/st');
/** generated cases per operation and phase; the run prints how many requests it made */
const EXAMPLES = process.env.FUZZ_EXAMPLES ?? '20';
const MIN_REQUESTS = 5000;

/**
 * Operations that end the fuzzer's own credentials (sign-out, refresh, password, 2FA, deleting
 * itself) would turn the rest of a signed-in run into anonymous requests: they are fuzzed in the
 * anonymous run instead.
 */
const SELF_REVOKING = [
  '--exclude-path',
  '/v2/auth/logout',
  '--exclude-path',
  '/v2/session/refresh',
  '--exclude-path',
  '/v2/session/{id}',
  '--exclude-path',
  '/v2/auth/password',
  '--exclude-path',
  '/v2/auth/2fa',
  '--exclude-path',
  '/v2/user/{id|username}',
];

interface RunFigures {
  role: string;
  exit: number;
  requests: number;
  status5xx: number;
  status4xx: number;
  status2xx: number;
  failures: string[];
}

function runSchemathesis(site: SiteProcess, role: string, token: string | null, dir: string, extra: string[], round = 0): Promise<RunFigures> {
  const report = join(dir, `schemathesis-${role}-${round}.ndjson`);
  const args = [
    'run',
    `${site.url}/v2/openapi.json`,
    '--checks',
    'not_a_server_error,response_schema_conformance,error_shape',
    '--phases',
    'coverage,fuzzing',
    '--max-examples',
    EXAMPLES,
    '--workers',
    '1',
    '--seed',
    String(Number(process.env.FUZZ_SEED ?? 20261124) + round),
    '--suppress-health-check',
    'all',
    '--request-timeout',
    '30',
    '--max-time',
    process.env.FUZZ_MAX_SECONDS ?? '100',
    '--no-color',
    '--output-truncate',
    'true',
    '--report',
    'ndjson',
    '--report-ndjson-path',
    report,
    '--header',
    `x-ratelimit-key:${RATE_LIMIT_KEY}`,
    ...(token ? ['--header', `Authorization:${token}`] : []),
    ...extra,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ST, args, {
      cwd: dir,
      env: { ...process.env, SCHEMATHESIS_HOOKS: 'modshelf_checks', PYTHONPATH: import.meta.dirname },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(figuresOf(code));
      } catch (err) {
        reject(err);
      }
    });
    const figuresOf = (code: number | null): RunFigures => {
      const figures: RunFigures = { role, exit: code ?? -1, requests: 0, status5xx: 0, status4xx: 0, status2xx: 0, failures: [] };
      if (existsSync(report)) {
        for (const line of readFileSync(report, 'utf8').split('\n')) {
          if (!line.startsWith('{"ScenarioFinished"')) continue;
          const recorder = JSON.parse(line).ScenarioFinished.recorder;
          for (const i of Object.values(recorder.interactions ?? {}) as { response?: { status_code: number } }[]) {
            const status = i.response?.status_code;
            if (status === undefined) continue;
            figures.requests++;
            if (status >= 500) figures.status5xx++;
            else if (status >= 400) figures.status4xx++;
            else if (status >= 200 && status < 300) figures.status2xx++;
          }
        }
      }
      if (figures.exit !== 0) figures.failures.push(out.slice(out.indexOf('= FAILURES =') >= 0 ? out.indexOf('= FAILURES =') : -6000));
      return figures;
    };
  });
}

describe('fuzzing /v2 with schemathesis', () => {
  let site: SiteProcess;
  const data = tempDataDir('fuzz');
  const work = tempDataDir('fuzz-reports');
  beforeAll(async () => {
    if (!existsSync(ST)) throw new Error(`schemathesis is missing at ${ST}: run \`npm run test:proof\` (proof/run.sh installs it into .venv-proof)`);
    site = await startSiteProcess(data.dir, { SEED: 'true', SEED_PROJECTS: '12', RATE_LIMIT_PER_MIN: '1000000' });
    await waitSeeded(site.url, 12);
  });
  afterAll(async () => {
    await site?.stop();
    data.remove();
    work.remove();
  });

  it('answers no 5xx, every 4xx in the error shape, and every answer as documented, signed in as a user and as staff', async () => {
    const user = await signUp(site.url, 'fuzz_user');
    const staff = await signIn(site.url, ADMIN.username, ADMIN.password);
    const runs = [
      await runSchemathesis(site, 'user', user.token, work.dir, SELF_REVOKING),
      await runSchemathesis(site, 'staff', staff, work.dir, SELF_REVOKING),
      await runSchemathesis(site, 'anonymous', null, work.dir, []),
    ];
    // each run is bounded in time, so a slow machine makes fewer requests: further rounds (user and
    // staff in turn, new seeds) until the 5,000 are reached, within a bound of its own
    const started = Date.now();
    for (let round = 1; runs.reduce((n, r) => n + r.requests, 0) < MIN_REQUESTS && Date.now() - started < 15 * 60_000; round++) {
      runs.push(
        round % 2
          ? await runSchemathesis(site, 'user', user.token, work.dir, SELF_REVOKING, round)
          : await runSchemathesis(site, 'staff', staff, work.dir, SELF_REVOKING, round),
      );
    }
    // the signed-in runs really were signed in to the end
    expect((await call(site.url, 'GET', '/v2/user', { token: user.token })).status).toBe(200);
    expect((await call(site.url, 'GET', '/v2/user', { token: staff })).status).toBe(200);
    const total = runs.reduce((n, r) => n + r.requests, 0);
    const summary = runs.map((r) => `${r.role} ${r.requests} (2xx ${r.status2xx}, 4xx ${r.status4xx}, 5xx ${r.status5xx})`).join('; ');
    console.log(
      `[proof] fuzzing: ${total} requests, ${runs.reduce((n, r) => n + r.status5xx, 0)} 5xx, ${runs.reduce((n, r) => n + r.failures.length, 0)} failing runs; ${summary}`,
    );
    for (const r of runs) expect(r.failures, `${r.role} run`).toEqual([]);
    for (const r of runs) expect(r.status5xx, `${r.role} run`).toBe(0);
    expect(total).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });
});

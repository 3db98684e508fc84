/**
 * The distributed profile as `npm run start:distributed` runs it (three command/query replicas
 * sharing the SQLite log behind nginx, the relay, two projection workers, Kafka, FerretDB,
 * OpenSearch), driven through the proxy only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteCredentialStore, SqliteEventStore, payoutsStream } from '@modshelf/events';
import { execute, newCommandContext, payoutDecider } from '@modshelf/command-service';
import { replayAndCompare } from '../projection-service/src/replay/replay';
import { distributedStorage } from '../projection-service/src/storage/distributed';
import { missing, servers } from './env';
import { dropDeployment } from './src/drop-deployment';
import { freePort } from '@modshelf/service-kit/free-port';
import { multipart } from '../proof/harness/api';
import { projectData } from '../proof/harness/catalogue';

/** The fields of the answers this suite reads (each may be missing: an error answer has none of them). */
interface Answer {
  [field: string]: unknown;
  slug?: string;
  session?: string;
  id?: string;
  description?: string;
  available?: number | string;
}

const ROOT = new URL('..', import.meta.url).pathname;
const KEY = 'replicas-test-rate-limit-key';
const BOUNDARY = '----replicas';
// start:distributed installs Debian's nginx when it is missing
const ready = servers.kafka.length > 0 && !!servers.mongodb && !!servers.opensearch;
// the broker is restarted only when integration/run.sh started it (integration/servers/kafka.sh)
const managedKafka = process.env.INTEGRATION_MANAGED_KAFKA === '1';

interface Processes {
  storageName: string;
  processes: Array<{ name: string; pid: number; port: number | null; command: string[] }>;
}

if (ready) {
  describe('three command/query replicas behind the proxy (npm run start:distributed)', () => {
    let dir: string;
    let url: string;
    let runner: ChildProcess;
    let token: string;
    const run = Math.random().toString(36).slice(2, 8);

    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(url + path, {
        method,
        headers: {
          'x-ratelimit-key': KEY,
          ...(token ? { authorization: token } : {}),
          ...(body !== undefined && !(body instanceof Buffer) ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let json: Answer = {}; // an empty answer reads as no fields
      try {
        if (text) json = JSON.parse(text) as Answer;
      } catch {
        json = { text }; // not JSON: the text, for the failure message
      }
      return { status: res.status, position: Number(res.headers.get('x-modshelf-position') ?? 0), body: json };
    };
    /** A read once the query API has passed `position` (its wait is bounded, so ask again until it says so). */
    const readAt = async (path: string, position: number) => {
      const end = Date.now() + 90_000;
      for (;;) {
        const r = await call('GET', path, undefined, { 'x-modshelf-min-position': String(position) });
        if (r.position >= position || Date.now() > end) return r;
      }
    };
    const createProject = (slug: string) => {
      const data = projectData(slug, { title: `Replica race ${slug}`, description: 'A project of the replica tests' });
      const { body, contentType } = multipart([{ name: 'data', data: JSON.stringify(data) }], BOUNDARY);
      return call('POST', '/v2/project', body, { 'content-type': contentType });
    };
    /** the slugs among `slugs` whose project the query API shows, once it has passed `position` */
    const shown = async (slugs: string[], position: number) => {
      const out: string[] = [];
      for (const slug of slugs) {
        const r = await readAt(`/v2/project/${slug}`, position);
        if (r.status === 200 && r.body.slug === slug) out.push(slug);
      }
      return out;
    };
    const processes = (): Processes => JSON.parse(readFileSync(join(dir, 'processes.json'), 'utf8'));
    /** every acknowledged project shows, then the workers reach the log's head and the read models equal a fresh replay */
    const converges = async (acknowledged: Array<{ slug: string; position: number }>) => {
      const position = Math.max(...acknowledged.map((a) => a.position));
      const deadline = Date.now() + 90_000;
      let missingSlugs = acknowledged.map((a) => a.slug);
      while (missingSlugs.length > 0 && Date.now() < deadline) {
        const now = new Set(await shown(missingSlugs, position));
        missingSlugs = missingSlugs.filter((slug) => !now.has(slug));
        if (missingSlugs.length > 0) await new Promise((r) => setTimeout(r, 1000));
      }
      expect(missingSlugs).toEqual([]);
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const storage = distributedStorage({ mongodbUrl: servers.mongodb, opensearchUrl: servers.opensearch, name: processes().storageName });
      try {
        const head = await store.headPosition();
        const end = Date.now() + 90_000;
        while ((await storage.checkpoint()) < head && Date.now() < end) await new Promise((r) => setTimeout(r, 1000));
        expect(await storage.checkpoint()).toBe(head);
        const report = await replayAndCompare({ store, dataDir: dir, live: storage });
        console.log(`[replicas] replay compared ${report.documents} documents: ${report.differences.length} differences`);
        expect(report.differences).toEqual([]);
        expect(report.equal).toBe(true);
      } finally {
        await storage.close();
        await store.close();
      }
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'replicas-'));
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      runner = spawn(process.execPath, ['--import', 'tsx', 'integration/src/start-distributed.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dir,
          SEED: 'false',
          COMMAND_REPLICAS: '3',
          PROJECTION_WORKERS: '2',
          RATE_LIMIT_KEY: KEY,
          LOG_LEVEL: 'warn',
          KAFKA_BROKERS: servers.kafka.join(','),
          MONGODB_URL: servers.mongodb,
          OPENSEARCH_URL: servers.opensearch,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const end = Date.now() + 240_000;
      while (!existsSync(join(dir, 'processes.json'))) {
        if (runner.exitCode !== null || Date.now() > end) throw new Error('start:distributed did not come up');
        await new Promise((r) => setTimeout(r, 500));
      }
      const signUp = await call('POST', '/v2/auth/create', {
        username: `replicas_${run}`,
        password: 'replicas test password',
        email: `replicas-${run}@example.org`,
      });
      expect(signUp.status).toBe(200);
      token = signUp.body.session!;
    }, 300_000);

    afterAll(async () => {
      if (runner && runner.exitCode === null) {
        runner.kill('SIGTERM');
        await new Promise((r) => runner.once('exit', r));
      }
      // the deployment's read models, index and topic go with it
      if (dir) await dropDeployment(servers, dir);
    }, 60_000);

    it('every Node service runs compiled JavaScript (node dist/server/<entry>.js, no tsx loader), each replica with its own REPLICA_ID', () => {
      const node = processes().processes.filter((p) => p.command[0] === process.execPath);
      expect(node.map((p) => p.name).sort()).toEqual(
        ['command-service-1', 'command-service-2', 'command-service-3', 'projection-service-1', 'projection-service-2', 'relay'].sort(),
      );
      const replicaIds = new Set<string>();
      for (const p of node) {
        // what the kernel runs, not what start:distributed says it ran
        const argv = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        const environ = new Map(
          readFileSync(`/proc/${p.pid}/environ`, 'utf8')
            .split('\0')
            .filter(Boolean)
            .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
        );
        expect(argv.slice(1), p.name).toEqual([expect.stringMatching(/^dist\/server\/(main|relay|bus-worker)\.js$/)]);
        expect(argv.join(' ') + (environ.get('NODE_OPTIONS') ?? ''), p.name).not.toMatch(/tsx/);
        if (p.name.startsWith('command-service-')) replicaIds.add(environ.get('REPLICA_ID') ?? '');
      }
      expect([...replicaIds].sort()).toEqual(['replica-1', 'replica-2', 'replica-3']);
    });

    it("each replica follows both projection workers' position feeds (a read waiting for a position wakes on them)", async () => {
      const replicas = processes().processes.filter((p) => p.name.startsWith('command-service-'));
      expect(replicas).toHaveLength(3);
      for (const r of replicas) {
        await expect
          .poll(async () => ((await (await fetch(`http://127.0.0.1:${r.port}/health`)).json()) as { position_feeds?: unknown }).position_feeds, {
            timeout: 20_000,
          })
          .toEqual({ connected: 2, of: 2 });
      }
    });

    it('200 concurrent project creations over 40 distinct slugs, spread over the replicas, give exactly 40 projects', async () => {
      const slugs = Array.from({ length: 40 }, (_, i) => `race-${run}-${i}`);
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => createProject(slugs[i % 40])));
      const won = answers.filter((a) => a.status === 200);
      expect(answers.filter((a) => a.status !== 200 && a.status !== 400)).toEqual([]);
      expect(new Set(won.map((a) => a.body.slug)).size).toBe(won.length);
      expect(won.length).toBe(40);
      const position = Math.max(...won.map((a) => a.position));
      expect(await shown(slugs, position)).toEqual(slugs);
    }, 180_000);

    it('100 concurrent edits to one project, each changing one of its fields, lose none', async () => {
      const created = await createProject(`edits-${run}`);
      expect(created.status).toBe(200);
      const id = created.body.id;
      const fields = ['title', 'description', 'body', 'issues_url', 'source_url', 'wiki_url', 'discord_url'] as const;
      const value = (field: string, i: number) => (field.endsWith('_url') ? `https://example.org/${field}/${i}` : `${field} of edit ${i}`);
      const answers = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const field = fields[i % fields.length];
          return { field, i, answer: await call('PATCH', `/v2/project/${id}`, { [field]: value(field, i) }) };
        }),
      );
      expect(answers.filter((a) => a.answer.status !== 204 && a.answer.status !== 409).map((a) => a.answer)).toEqual([]);
      const acknowledged = answers.filter((a) => a.answer.status === 204);
      expect(acknowledged.length).toBeGreaterThan(0);
      // per field, the acknowledged edit last in the log is what the project shows
      const expected: Record<string, string> = {};
      const at: Record<string, number> = {};
      for (const a of acknowledged) {
        if (a.answer.position > (at[a.field] ?? -1)) {
          at[a.field] = a.answer.position;
          expected[a.field] = value(a.field, a.i);
        }
      }
      const position = Math.max(...acknowledged.map((a) => a.answer.position));
      const project = (await readAt(`/v2/project/${id}`, position)).body;
      expect(Object.fromEntries(Object.keys(expected).map((f) => [f, project[f]]))).toEqual(expected);
    }, 180_000);

    it('kill -9 of one replica and one projection worker mid-load: no acknowledged write is lost, and the read models converge to a fresh replay', async () => {
      const acknowledged: Array<{ slug: string; position: number }> = [];
      let killed = false;
      const started = Date.now();
      for (let i = 0; i < 120; i++) {
        const slug = `load-${run}-${i}`;
        const a = await createProject(slug);
        if (a.status === 200) acknowledged.push({ slug, position: a.position });
        if (!killed && i === 40) {
          killed = true;
          const p = processes();
          const replica = p.processes.find((x) => x.name === 'command-service-2')!;
          const workers = p.processes.filter((x) => x.name.startsWith('projection-service-'));
          const counts = await Promise.all(
            workers.map(async (w) => {
              const text = await (await fetch(`http://127.0.0.1:${w.port}/metrics`)).text().catch(() => '');
              return Number(text.match(/^modshelf_projection_events_total (\d+)/m)?.[1] ?? 0);
            }),
          );
          const active = workers[counts.indexOf(Math.max(...counts))];
          process.kill(replica.pid, 'SIGKILL');
          process.kill(active.pid, 'SIGKILL');
          console.log(
            `[replicas] killed ${replica.name} (pid ${replica.pid}) and the active ${active.name} (pid ${active.pid}, ${Math.max(...counts)} events) with SIGKILL`,
          );
        }
        const due = started + i * 40; // about 25 creations per second
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      }
      expect(killed).toBe(true);
      expect(acknowledged.length).toBeGreaterThan(100);
      // the standby takes over within the session timeout; every acknowledged project shows
      await converges(acknowledged);
    }, 300_000);

    it('100 parallel withdrawals from one balance, spread over the replicas, never overdraw; the balance equals the sum of its events', async () => {
      const signUp = await call('POST', '/v2/auth/create', {
        username: `payee_${run}`,
        password: 'replicas payee password',
        email: `payee-${run}@example.org`,
      });
      expect(signUp.status).toBe(200);
      const session = signUp.body.session!;
      // funds: a verified address and $30 of revenue credited to the user's payout stream (what the accrual process manager appends)
      const credentials = new SqliteCredentialStore({ path: join(dir, 'credentials.db') });
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      try {
        const userId = (await credentials.findByUsername(`payee_${run}`))!.userId;
        await credentials.setEmailVerified(userId, true);
        const past = new Date(Date.now() - 1000).toISOString();
        await execute(
          store,
          payoutsStream(userId),
          payoutDecider,
          {
            type: 'Credit',
            project_id: 'ProjRepl',
            downloads: 1,
            amount: 30_000_000,
            source_position: 1,
            now: past,
            available_at: past,
          },
          newCommandContext(null),
        );

        const answers = await Promise.all(
          Array.from({ length: 100 }, () =>
            call(
              'POST',
              '/v2/payout',
              { amount: 1, method: 'paypal', method_id: 'paypal_us', recipient: `payee-${run}@example.org` },
              { authorization: session },
            ),
          ),
        );
        // 204, or 400 for want of funds, or 409 when the account's store-held lock stayed busy past its wait
        expect(answers.filter((a) => a.status !== 204 && a.status !== 400 && a.status !== 409).map((a) => [a.status, a.body])).toEqual([]);
        expect(answers.filter((a) => a.status === 400).every((a) => a.body.description === 'You do not have enough funds to make this payout!')).toBe(true);
        const accepted = answers.filter((a) => a.status === 204).length;
        const refused = answers.filter((a) => a.status === 400).length;
        console.log(`[replicas] withdrawals: ${accepted} accepted, ${refused} refused for want of funds, ${100 - accepted - refused} conflicts (409)`);
        expect(accepted).toBeLessThanOrEqual(30);
        // a refusal for want of funds means the balance was spent: every dollar went, to acknowledged withdrawals
        if (refused > 0) expect(accepted).toBe(30);

        // the sum of the stream's events: credits less every withdrawal that was neither cancelled nor failed
        const events = await store.readStream(payoutsStream(userId));
        const released = new Set(
          events
            .filter((e) => e.type === 'PayoutWithdrawalFailed' || e.type === 'PayoutWithdrawalCancelled')
            .map((e) => (e.data as { payout_id: string }).payout_id),
        );
        const credited = events.filter((e) => e.type === 'PayoutCredited').reduce((n, e) => n + (e.data as { amount: number }).amount, 0);
        const requested = events.filter((e) => e.type === 'PayoutWithdrawalRequested');
        expect(requested).toHaveLength(accepted);
        const held = requested
          .filter((e) => !released.has((e.data as { payout_id: string }).payout_id))
          .reduce((n, e) => n + (e.data as { amount: number }).amount, 0);
        expect(credited - held).toBeGreaterThanOrEqual(0);
        // every replica answers the same balance, and it is that sum
        const balances = await Promise.all(Array.from({ length: 6 }, () => call('GET', '/v2/payout/balance', undefined, { authorization: session })));
        expect(balances.map((b) => b.status)).toEqual(Array(6).fill(200));
        expect(new Set(balances.map((b) => Math.round(Number(b.body.available) * 1_000_000)))).toEqual(new Set([credited - held]));
      } finally {
        await store.close();
        await credentials.close();
      }
    }, 180_000);

    it(`a Kafka broker restart mid-load: no acknowledged write is lost, and the read models converge to a fresh replay${managedKafka ? '' : ' (the broker is not ours: not restarted)'}`, async () => {
      const acknowledged: Array<{ slug: string; position: number }> = [];
      let restart: Promise<void> | null = null;
      const started = Date.now();
      for (let i = 0; i < 100; i++) {
        const slug = `broker-${run}-${i}`;
        const a = await createProject(slug);
        if (a.status === 200) acknowledged.push({ slug, position: a.position });
        if (!restart && i === 30 && managedKafka) {
          // the load goes on while the broker stops and starts again
          restart = new Promise<void>((res, rej) => {
            const p = spawn('bash', ['-c', 'bash integration/servers/kafka.sh stop && bash integration/servers/kafka.sh start'], {
              cwd: ROOT,
              stdio: 'inherit',
            });
            p.once('error', rej);
            p.once('exit', (code) => (code === 0 ? res() : rej(new Error(`kafka.sh restart exited ${code}`))));
          });
          console.log('[replicas] restarting the Kafka broker after 30 creations');
        }
        const due = started + i * 40; // about 25 creations per second
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      }
      if (restart) {
        await restart;
        console.log('[replicas] the broker is back');
      }
      // the log, not Kafka, acknowledges writes: all 100 are accepted whatever the broker does
      expect(acknowledged).toHaveLength(100);
      await converges(acknowledged);
    }, 300_000);
  });
} else {
  const why = missing('replicas behind the proxy', 'KAFKA_BROKERS/MONGODB_URL/OPENSEARCH_URL', 'needs Kafka, a MongoDB-wire server and OpenSearch');
  describe.skip(why, () => it('replicas', () => {}));
}

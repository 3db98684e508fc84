import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, json, KEY, profileCommandPath } from './commands';
import { startChildSite, type ChildSite } from './server';
import { tempDir } from './util';

/**
 * The command path's stages against a real site: the markers of bench/command-path.ts still name functions the compiled
 * site runs (a rename would leave its stage empty), and the profile comes over the DevTools protocol.
 */
describe('the command path of a running site, profiled', () => {
  const tmp = tempDir('command-path-test');
  let site: ChildSite;
  beforeAll(async () => {
    site = await startChildSite(tmp.dir, { RATE_LIMIT_KEY: KEY }, { inspect: true });
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    tmp.remove();
  });

  it('finds every stage of a PATCH of a project but the idempotency key (none sent)', async () => {
    const token: string = (
      await json(site, 'POST', '/v2/auth/create', null, { username: 'path_author', password: 'path author password', email: 'path@example.org' })
    ).body.session;
    const ids = [await createProject(site, token, 1), await createProject(site, token, 2)];
    let n = 0;
    const path = await profileCommandPath(
      site,
      async (commands) => {
        for (let i = 0; i < commands; i++) await json(site, 'PATCH', `/v2/project/${ids[i % 2]}`, token, { description: `Path description ${n++}` });
        return { requests: commands, requests_per_s: 0 };
      },
      400,
    );
    expect(path.commands).toBe(400);
    for (const stage of ['rate_limit', 'auth', 'lookups', 'decider', 'append', 'subscriptions', 'projection', 'http_and_rest'] as const) {
      expect(path.shares[stage], stage).toBeGreaterThan(0);
    }
    expect(path.shares.idempotency).toBeLessThan(0.01);
  }, 120_000);
});

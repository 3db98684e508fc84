import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectionEventQuarantined, UserProfileEdited, projectionQuarantineStream } from '@modshelf/events';
import { PROJECTORS, replayAndCompare, type Projector } from '@modshelf/projection-service';
import { startSite, type Site } from './index';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** A projector with a bug: it throws on a profile edit whose bio is "poison". */
const bioBug: Projector = async function bioBug(_ctx, e) {
  if (UserProfileEdited.is(e) && e.data.changes.bio === 'poison') throw new Error('bio "poison" breaks the user projector');
};

describe('a projector error on the running site', () => {
  let dir: string;
  let site: Site | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'halt-site-'));
  });
  afterEach(async () => {
    await site?.close();
    site = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (projectors?: readonly Projector[]) =>
    startSite({
      web: false,
      env: {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED: 'false',
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: 'root_admin',
        ADMIN_PASSWORD: 'root-admin-password',
      },
      projections: { projectors, quarantinePollMs: 50, log: () => {} },
    });

  async function signIn(s: Site): Promise<{ session: string; id: string }> {
    const res = await fetch(`${s.url}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root_admin', password: 'root-admin-password' }),
    });
    const { session } = await res.json();
    const me = await (await fetch(`${s.url}/v2/user`, { headers: { authorization: session } })).json();
    return { session, id: me.id };
  }
  async function setBio(s: Site, who: { session: string; id: string }, bio: string): Promise<number> {
    const res = await fetch(`${s.url}/v2/user/${who.id}`, {
      method: 'PATCH',
      headers: { authorization: who.session, 'content-type': 'application/json' },
      body: JSON.stringify({ bio }),
    });
    expect(res.status).toBe(204);
    return s.store.headPosition(); // account answers carry no position header; writes here are sequential
  }
  const bio = async (s: Site, position?: number) => {
    const res = await fetch(`${s.url}/v2/user/root_admin`, { headers: position ? { 'x-modshelf-min-position': String(position) } : {} });
    expect(res.status).toBe(200);
    return (await res.json()).bio;
  };

  /** Good edit, poison edit, later edit: the projection stops at the poison one. */
  async function breakIt(s: Site) {
    const who = await signIn(s);
    await bio(s, await setBio(s, who, 'good'));
    const poison = await setBio(s, who, 'poison');
    const later = await setBio(s, who, 'after');
    await expect.poll(async () => (await (await fetch(`${s.url}/health`)).json()).projections.catalogue.state, { timeout: 5000 }).toBe('halted');
    return { who, poison, later };
  }

  it('reports the halted projection on /health and /metrics, serves the last good state, and converges after a fixed restart', async () => {
    site = await start([...PROJECTORS, bioBug]);
    const { poison, later } = await breakIt(site);
    const health = await (await fetch(`${site.url}/health`)).json();
    expect(health.status).toBe('ok');
    expect(health.projections.catalogue).toMatchObject({
      state: 'halted',
      checkpoint: poison - 1,
      failed_event: { position: poison, type: 'UserProfileEdited', stream: expect.stringMatching(/^user-/) },
      projector: 'bioBug',
      error: 'bio "poison" breaks the user projector',
    });
    expect(health.projection_checkpoint).toBe(poison - 1);
    const metrics = await (await fetch(`${site.url}/metrics`)).text();
    expect(metrics).toContain('modshelf_projection_halted{projection="catalogue"} 1');
    expect(metrics).toMatch(
      new RegExp(
        `modshelf_projection_failed_event_position\\{projection="catalogue",projector="bioBug",event_type="UserProfileEdited",stream="user-[^"]+",error="bio \\\\"poison\\\\" breaks the user projector"\\} ${poison}`,
      ),
    );
    // queries keep answering from the last good state, at once even when asked for a later position
    expect(await bio(site, later)).toBe('good');
    expect((await fetch(`${site.url}/v2/search`)).status).toBe(200);

    await site.close();
    site = await start(); // the fixed projectors
    expect(await bio(site, later)).toBe('after');
    const health2 = await (await fetch(`${site.url}/health`)).json();
    expect(health2.projections.catalogue).toEqual({ state: 'running', checkpoint: await site.store.headPosition() });
    expect(await (await fetch(`${site.url}/metrics`)).text()).toContain('modshelf_projection_halted{projection="catalogue"} 0');
    const report = await replayAndCompare({ store: site.store, dataDir: dir, live: site.projections.storage });
    expect(report.differences).toEqual([]);
    expect(report.equal).toBe(true);
  }, 60_000);

  it('npm run quarantine records who and why, and the running projection skips exactly that event', async () => {
    site = await start([...PROJECTORS, bioBug]);
    const { who, poison } = await breakIt(site);
    const env = { ...process.env, DATA_DIR: dir };
    // refused: no reason, and an event the projection already folded
    await expect(run('npm', ['run', '-s', 'quarantine', '--', String(poison)], { cwd: ROOT, env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--reason is required'),
    });
    await expect(run('npm', ['run', '-s', 'quarantine', '--', String(poison - 1), '--reason', 'x'], { cwd: ROOT, env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already folded'),
    });
    const out = await run('npm', ['run', '-s', 'quarantine', '--', String(poison), '--reason', 'bio "poison" crashes bioBug (bug #12)', '--by', 'ops-oncall'], {
      cwd: ROOT,
      env,
    });
    const answer = JSON.parse(out.stdout.trim().split('\n').pop()!);
    expect(answer).toMatchObject({ quarantined: poison, event_type: 'UserProfileEdited' });
    await expect.poll(async () => (await (await fetch(`${site!.url}/health`)).json()).projections.catalogue.state, { timeout: 5000 }).toBe('running');
    expect(await bio(site, answer.audit_event_position)).toBe('after');
    const audit = await site.store.readStream(projectionQuarantineStream);
    expect(audit).toHaveLength(1);
    expect(ProjectionEventQuarantined.is(audit[0]) && audit[0].data).toMatchObject({
      position: poison,
      operator: 'ops-oncall',
      reason: 'bio "poison" crashes bioBug (bug #12)',
    });
    // exactly that event: an edit after it is folded as usual
    expect(await bio(site, await setBio(site, who, 'later still'))).toBe('later still');
    const report = await replayAndCompare({ store: site.store, dataDir: dir, live: site.projections.storage });
    expect(report.equal).toBe(true);
  }, 90_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POSITION_HEADER } from '@modshelf/service-kit';
import { approve, createProject, harness, multipart, projectData, type Harness } from '../testing/harness';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe('Idempotency-Key', () => {
  it('a repeated key returns the first answer and appends nothing', async () => {
    const body = multipart([{ name: 'data', value: JSON.stringify(projectData()) }]);
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: '/v2/project',
        headers: { ...h.as('owner', { 'idempotency-key': 'create-1' }), ...body.headers },
        payload: body.payload,
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const head = await h.head();
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers[POSITION_HEADER]).toBe(first.headers[POSITION_HEADER]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await h.head()).toBe(head);
    // the key is per actor: another user's same key runs
    const other = multipart([{ name: 'data', value: JSON.stringify(projectData({ slug: 'other-mod' })) }]);
    const third = await h.app.inject({
      method: 'POST',
      url: '/v2/project',
      headers: { ...h.as('stranger', { 'idempotency-key': 'create-1' }), ...other.headers },
      payload: other.payload,
    });
    expect(third.statusCode).toBe(200);
    expect(third.json().id).not.toBe(first.json().id);
  });

  it('replays a 204 and a 4xx answer too; a key reused on another route is bad input', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    const follow = () => h.app.inject({ method: 'POST', url: `/v2/project/${p.id}/follow`, headers: h.as('stranger', { 'idempotency-key': 'f1' }) });
    expect((await follow()).statusCode).toBe(204);
    const head = await h.head();
    const again = await follow();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await h.head()).toBe(head);
    const wrongRoute = await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}/follow`, headers: h.as('stranger', { 'idempotency-key': 'f1' }) });
    expect(wrongRoute.statusCode).toBe(400);
    expect(await h.head()).toBe(head);
  });

  it('of two concurrent requests with one key, one runs and the other gets 409', async () => {
    const body = multipart([{ name: 'data', value: JSON.stringify(projectData()) }]);
    // hold the first request's body open so it is still running when the second arrives
    const slow = new PassThrough();
    const headers = { ...h.as('owner', { 'idempotency-key': 'same' }), ...body.headers };
    const first = h.app.inject({ method: 'POST', url: '/v2/project', headers, payload: slow });
    slow.write(body.payload.subarray(0, 20));
    await new Promise((r) => setTimeout(r, 50));
    const second = await h.app.inject({ method: 'POST', url: '/v2/project', headers, payload: body.payload });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('conflict');
    slow.end(body.payload.subarray(20));
    expect((await first).statusCode).toBe(200);
    expect((await h.events()).filter((e) => e.type === 'ProjectCreated')).toHaveLength(1);
    // once the first has answered, a repeat gets its answer
    const third = await h.app.inject({ method: 'POST', url: '/v2/project', headers, payload: body.payload });
    expect(third.statusCode).toBe(200);
    expect(third.headers['idempotent-replayed']).toBe('true');
  });

  it('the SQLite store: claim is exclusive; a released key can run again; running keys are interrupted on open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idem-'));
    const s = new SqliteIdempotencyStore(join(dir, 'idempotency.db'));
    const now = new Date();
    expect(await s.claim('u', 'k', 'POST /x', now, 7)).toEqual({ state: 'claimed' });
    expect(await s.claim('u', 'k', 'POST /x', now, 8)).toEqual({ state: 'running', fingerprint: 'POST /x' });
    await s.release('u', 'k');
    expect(await s.claim('u', 'k', 'POST /x', now, 9)).toEqual({ state: 'claimed' });
    await s.complete('u', 'k', { status: 201, headers: { a: 'b' }, body: 'ok' });
    expect(await s.claim('u', 'k', 'POST /x', now, 10)).toEqual({
      state: 'done',
      fingerprint: 'POST /x',
      answer: { status: 201, headers: { a: 'b' }, body: 'ok' },
    });
    expect(await s.claim('u', 'dying', 'POST /y', now, 11)).toEqual({ state: 'claimed' });
    await s.close();
    // the process died while 'dying' ran: reopened, the key is interrupted at the claim's position
    const reopened = new SqliteIdempotencyStore(join(dir, 'idempotency.db'));
    expect(await reopened.claim('u', 'dying', 'POST /y', now, 20)).toEqual({ state: 'interrupted', fingerprint: 'POST /y', position: 11 });
    expect(await reopened.resume('u', 'dying')).toBe(true);
    expect(await reopened.resume('u', 'dying')).toBe(false);
    expect(await reopened.claim('u', 'dying', 'POST /y', now, 20)).toEqual({ state: 'running', fingerprint: 'POST /y' });
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a retry after a crash that lost the answer is not applied twice: 409 already_applied when the log has it, a normal run when not', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    const db = new Database(join(h.dir, 'idempotency.db'));
    // the process died after the command was appended but before its answer was kept
    const loseAnswer = (key: string, position: number) =>
      db.prepare(`UPDATE idempotency_keys SET state = 'interrupted', position = ?, status = NULL, body = NULL WHERE key = ?`).run(position, key);
    const edit = (key: string, description: string) =>
      h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('owner', { 'idempotency-key': key }), payload: { description } });
    const claimedAt = await h.head();
    expect((await edit('edit-1', 'Edited once only')).statusCode).toBe(204);
    const head = await h.head();
    loseAnswer('edit-1', claimedAt);
    const retry = await edit('edit-1', 'Edited once only');
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe('already_applied');
    expect(await h.head()).toBe(head);
    const again = await edit('edit-1', 'Edited once only');
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await h.head()).toBe(head);
    // interrupted before its command was appended: the retry runs
    db.prepare(`INSERT INTO idempotency_keys (scope, key, fingerprint, state, created, position) VALUES (?, 'edit-2', ?, 'interrupted', ?, ?)`).run(
      (await h.events()).at(-1)!.metadata.actor,
      `PATCH /v2/project/${p.id}`,
      Date.now(),
      head,
    );
    const fresh = await edit('edit-2', 'Edited a second time');
    expect(fresh.statusCode).toBe(204);
    expect(await h.head()).toBe(head + 1);
    db.close();
  });
});

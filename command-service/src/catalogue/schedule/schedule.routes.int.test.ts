import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { approve, createProject, harness, type Harness } from '../testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const schedule = (url: string, user: 'owner' | 'stranger' | 'member', payload: unknown) =>
  h.app.inject({ method: 'POST', url, headers: h.as(user), payload: payload as Record<string, unknown> });
const statusOfProject = async (id: string) =>
  (await h.events())
    .filter((e) => e.streamId === `project-${id}` && e.type === 'ProjectStatusChanged')
    .map((e) => (e.data as { to: string }).to)
    .at(-1);

describe('POST /v2/project/{id}/schedule', () => {
  it('schedules an approved project; the team sees the time, others get 404; reschedule and cancel work', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    const time = inAnHour();
    const res = await schedule(`/v2/project/${p.slug}/schedule`, 'owner', { time, requested_status: 'approved' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await statusOfProject(p.id)).toBe('scheduled');

    const seen = await h.app.inject({ method: 'GET', url: `/v2/project/${p.id}/schedule`, headers: h.as('owner') });
    expect(seen.json()).toEqual({ time, requested_status: 'approved' });
    const hidden = await h.app.inject({ method: 'GET', url: `/v2/project/${p.id}/schedule`, headers: h.as('stranger') });
    expect(hidden.statusCode).toBe(404);
    expect((await schedule(`/v2/project/${p.id}/schedule`, 'stranger', { time, requested_status: 'approved' })).statusCode).toBe(404);

    const later = new Date(Date.now() + 7_200_000).toISOString();
    expect((await schedule(`/v2/project/${p.id}/schedule`, 'owner', { time: later, requested_status: 'unlisted' })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: `/v2/project/${p.id}/schedule`, headers: h.as('owner') })).json()).toEqual({
      time: later,
      requested_status: 'unlisted',
    });

    const cancel = await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}/schedule`, headers: h.as('owner') });
    expect(cancel.statusCode).toBe(204);
    expect(await statusOfProject(p.id)).toBe('approved');
    expect((await h.app.inject({ method: 'GET', url: `/v2/project/${p.id}/schedule`, headers: h.as('owner') })).statusCode).toBe(404);
  });

  it('answers bad input with 400 {error, description} and writes nothing', async () => {
    const p = await createProject(h);
    const draftBefore = await h.head();
    expect((await schedule(`/v2/project/${p.id}/schedule`, 'owner', { time: inAnHour(), requested_status: 'approved' })).statusCode).toBe(400); // a draft
    expect(await h.head()).toBe(draftBefore);
    await approve(h, p.id);
    const before = await h.head();
    const cases: unknown[] = [
      { time: new Date(Date.now() - 1000).toISOString(), requested_status: 'approved' },
      { time: 'tomorrow', requested_status: 'approved' },
      { time: inAnHour(), requested_status: 'scheduled' },
      { time: inAnHour() },
    ];
    for (const c of cases) {
      const res = await schedule(`/v2/project/${p.id}/schedule`, 'owner', c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), description: expect.any(String) });
    }
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/project/${p.id}/schedule`, headers: h.as('owner') })).statusCode).toBe(400);
    expect(await h.head()).toBe(before);
  });

  it('the scheduler running with the catalogue releases the project at its time', async () => {
    const p = await createProject(h);
    await approve(h, p.id);
    await h.app.inject({ method: 'PATCH', url: `/v2/project/${p.id}`, headers: h.as('owner'), payload: { status: 'unlisted' } });
    const due = Date.now() + 1200;
    expect((await schedule(`/v2/project/${p.id}/schedule`, 'owner', { time: new Date(due).toISOString(), requested_status: 'approved' })).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await statusOfProject(p.id)).toBe('approved'), { timeout: 15_000, interval: 50 });
    const released = (await h.events()).filter((e) => e.streamId === `project-${p.id}` && e.type === 'ProjectStatusChanged').at(-1)!;
    // released at or after its time (how long after is measured, not asserted)
    expect(Date.parse(released.metadata.time)).toBeGreaterThanOrEqual(due);
    console.info(`project released ${Date.parse(released.metadata.time) - due} ms after its time`);
  });
});

describe('POST /v2/version/{id}/schedule', () => {
  it('schedules a version (hidden from others), shows the team its time, cancels and reschedules', async () => {
    const p = await createProject(h);
    const v = await approve(h, p.id);
    const time = inAnHour();
    const res = await schedule(`/v2/version/${v.id}/schedule`, 'owner', { time, requested_status: 'listed' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: `/v2/version/${v.id}/schedule`, headers: h.as('owner') })).json()).toEqual({
      time,
      requested_status: 'listed',
    });
    expect((await h.app.inject({ method: 'GET', url: `/v2/version/${v.id}/schedule`, headers: h.as('stranger') })).statusCode).toBe(404);
    expect((await schedule(`/v2/version/${v.id}/schedule`, 'owner', { time, requested_status: 'approved' })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'DELETE', url: `/v2/version/${v.id}/schedule`, headers: h.as('owner') })).statusCode).toBe(204);
    const last = (await h.events()).filter((e) => e.streamId === `version-${v.id}` && e.type === 'VersionEdited').at(-1)!;
    expect(last.data).toMatchObject({ changes: { status: 'listed' } });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approve, createProject, harness, type Harness } from '../testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe('report routes', () => {
  it('files reports on projects, versions and users; the reporter edits, staff close', async () => {
    const p = await createProject(h);
    const v = await approve(h, p.id);
    for (const [item_type, item_id] of [
      ['project', 'cool-mod'],
      ['version', v.id],
      ['user', 'owner'],
    ]) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/v2/report',
        headers: h.as('stranger'),
        payload: { report_type: 'spam', item_type, item_id, body: 'bad' },
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ report_type: 'spam', item_type, reporter: 'StrangeC', body: 'bad', closed: false });
    }
    const r = (
      await h.app.inject({
        method: 'POST',
        url: '/v2/report',
        headers: h.as('stranger'),
        payload: { report_type: 'copyright', item_type: 'project', item_id: p.id, body: 'mine' },
      })
    ).json();
    expect(r.item_id).toBe(p.id);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/report/${r.id}`, headers: h.as('stranger'), payload: { body: 'more' } })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/report/${r.id}`, headers: h.as('owner'), payload: { body: 'x' } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/report/${r.id}`, headers: h.as('stranger'), payload: { closed: true } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'PATCH', url: `/v2/report/${r.id}`, headers: h.as('moderator'), payload: { closed: true } })).statusCode).toBe(204);
    expect((await h.events()).at(-1)!.type).toBe('ReportClosed');
  });

  it('refuses unknown reasons, items and hidden projects, writing nothing', async () => {
    const p = await createProject(h);
    const before = await h.head();
    const cases = [
      { report_type: 'boring', item_type: 'project', item_id: p.id, body: 'x' },
      { report_type: 'spam', item_type: 'project', item_id: p.id, body: 'x' }, // a draft is hidden from the stranger
      { report_type: 'spam', item_type: 'version', item_id: 'ZZZZZZZZ', body: 'x' },
      { report_type: 'spam', item_type: 'user', item_id: 'nobody', body: 'x' },
      { report_type: 'spam', item_type: 'organization', item_id: p.id, body: 'x' },
      { report_type: 'spam', item_type: 'project', item_id: p.id },
    ];
    for (const payload of cases) {
      const r = await h.app.inject({ method: 'POST', url: '/v2/report', headers: h.as('stranger'), payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await h.app.inject({ method: 'PATCH', url: '/v2/report/ZZZZZZZZ', headers: h.as('moderator'), payload: { closed: true } })).statusCode).toBe(404);
    expect(await h.head()).toBe(before);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, harness, type Harness } from '../catalogue/testing/harness';
import { projectKeyOfPageUrl } from './view.routes';
import { viewCounter } from './view-counter';
import { join } from 'node:path';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe('page views', () => {
  it('reads the project key from a page url', () => {
    expect(projectKeyOfPageUrl('http://localhost:8080/mod/cool-mod/versions')).toBe('cool-mod');
    expect(projectKeyOfPageUrl('/modpack/AbCdEfGh')).toBe('AbCdEfGh');
    expect(projectKeyOfPageUrl('/dashboard/analytics')).toBeNull();
    expect(projectKeyOfPageUrl('/mod')).toBeNull();
  });

  it('counts a view once per visitor and flush window, as ProjectViewsCounted on views-<project>; bad urls change nothing', async () => {
    const p = await createProject(h);
    const view = (url: string, remoteAddress: string) => h.app.inject({ method: 'POST', url: '/v2/analytics/view', payload: { url }, remoteAddress });
    expect((await view('http://x.test/mod/cool-mod', '10.0.0.1')).statusCode).toBe(204);
    expect((await view('http://x.test/mod/cool-mod/gallery', '10.0.0.1')).statusCode).toBe(204); // same visitor, same window
    expect((await view(`http://x.test/mod/${p.id}`, '10.0.0.2')).statusCode).toBe(204);
    const before = await h.head();
    const bad = await view('http://x.test/dashboard', '10.0.0.3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_input' });
    expect((await view('http://x.test/mod/no-such-mod', '10.0.0.3')).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/v2/analytics/view', payload: {} })).statusCode).toBe(400);
    expect(await h.head()).toBe(before);
    await h.app.close(); // flushes the counters
    const counted = (await h.store.readStream(`views-${p.id}`)).map((e) => e.data);
    expect(counted).toEqual([{ project_id: p.id, count: 2 }]);
  });

  it('a view answered 204 is in the journal: a counter started after a crash (the app never closed) appends it', async () => {
    const p = await createProject(h);
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3'])
      expect((await h.app.inject({ method: 'POST', url: '/v2/analytics/view', payload: { url: `/mod/${p.id}` }, remoteAddress: ip })).statusCode).toBe(204);
    expect(await h.store.readStream(`views-${p.id}`)).toEqual([]);
    // the process that would start after a kill -9: a new counter over the same journal file
    const next = viewCounter(h.store, { journalPath: join(h.dir, 'views-journal.db') });
    await next.open();
    await next.close();
    expect((await h.store.readStream(`views-${p.id}`)).map((e) => e.data)).toEqual([{ project_id: p.id, count: 3 }]);
  });
});

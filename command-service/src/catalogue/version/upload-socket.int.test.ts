import { afterEach, beforeEach, expect, it } from 'vitest';
import { createProject, harness, multipart, versionData, type Harness } from '../testing/harness';

/** Over a real socket: an answer given before the upload was read must reach the client and not stall the server. */
let h: Harness;
let url: string;
beforeEach(async () => {
  h = await harness({ maxFileBytes: 1000 });
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await h.close();
});

it('answers 413 to a large upload, keeps nothing, and goes on serving', async () => {
  const p = await createProject(h);
  const big = multipart([
    { name: 'data', value: JSON.stringify(versionData(p.id)) },
    { name: 'file', filename: 'big.jar', content: Buffer.alloc(20 * 1024 * 1024, 1) },
  ]);
  const res = await fetch(`${url}/v2/version`, { method: 'POST', headers: { ...h.as('owner'), ...big.headers }, body: new Uint8Array(big.payload) });
  expect(res.status).toBe(413);
  expect((await res.json()).error).toBe('payload_too_large');
  expect(h.blobs.staged()).toEqual([]);
  expect(h.blobs.list()).toEqual([]);

  const bad = multipart([
    { name: 'data', value: '{oops' },
    { name: 'file', filename: 'big.jar', content: Buffer.alloc(5 * 1024 * 1024, 1) },
  ]);
  expect((await fetch(`${url}/v2/version`, { method: 'POST', headers: { ...h.as('owner'), ...bad.headers }, body: new Uint8Array(bad.payload) })).status).toBe(
    400,
  );

  const icon = await fetch(`${url}/v2/project/${p.id}/icon?ext=png`, {
    method: 'PATCH',
    headers: { ...h.as('owner'), 'content-type': 'image/png' },
    body: new Uint8Array(2 * 1024 * 1024),
  });
  expect(icon.status).toBe(413);

  const ok = multipart([
    { name: 'data', value: JSON.stringify(versionData(p.id)) },
    { name: 'file', filename: 'small.jar', content: 'small' },
  ]);
  expect((await fetch(`${url}/v2/version`, { method: 'POST', headers: { ...h.as('owner'), ...ok.headers }, body: new Uint8Array(ok.payload) })).status).toBe(
    200,
  );
});

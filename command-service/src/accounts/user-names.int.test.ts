import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NameReserved, nameStream, newEventId, toNewEvents } from '@modshelf/events';
import { makeTestApp, type TestApp } from './test-app';

describe('usernames held in reservation streams', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });
  const types = async (name: string) => (await t.deps.store.readStream(nameStream('user', name))).map((e) => e.type);

  it('sign-up reserves the name, a rename moves it, a deletion gives it back', async () => {
    const token = await t.signUp('Alice');
    expect(await types('alice')).toEqual(['NameReserved']);
    const id = (await t.deps.credentials.findByUsername('alice'))!.userId;
    const renamed = await t.req({ method: 'PATCH', url: `/v2/user/${id}`, token, payload: { username: 'alicia' } });
    expect(renamed.statusCode).toBe(204);
    expect(await types('alice')).toEqual(['NameReserved', 'NameReleased']);
    expect(await types('alicia')).toEqual(['NameReserved']);
    const deleted = await t.req({ method: 'DELETE', url: `/v2/user/${id}`, token });
    expect(deleted.statusCode).toBe(204);
    expect(await types('alicia')).toEqual(['NameReserved', 'NameReleased']);
    await t.signUp('alicia', 'another long password', 'someone-else@example.org');
    expect(await types('alicia')).toEqual(['NameReserved', 'NameReleased', 'NameReserved']);
  });

  it("refuses a name the store holds for another user with Modrinth's 400 and keeps no account", async () => {
    const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date().toISOString() };
    // held through another replica's vault: only the reservation stream knows it here
    await t.deps.store.append(nameStream('user', 'bob'), toNewEvents([NameReserved({ owner_id: 'OtherBob', name: 'bob' })], meta, newEventId), -1);
    const res = await t.req({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username: 'Bob', password: 'correct horse battery', email: 'bob@example.org' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_input', description: 'Username is taken!' });
    expect(await t.deps.credentials.findByUsername('bob')).toBeNull();
    expect(await types('bob')).toEqual(['NameReserved']);
  });
});

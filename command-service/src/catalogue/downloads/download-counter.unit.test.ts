import { describe, expect, it } from 'vitest';
import { SqliteEventStore, downloadsStream } from '@modshelf/events';
import { DownloadCounter, clientKey } from './download-counter';

describe('clientKey', () => {
  it('keeps IPv4, maps IPv4-in-IPv6, and cuts IPv6 to its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:0db8:0001:0002:ffff::9'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

describe('DownloadCounter', () => {
  it('counts a client once per project per flush window, at most 6 per 6 h, and flushes batched events', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    let now = 0;
    const counter = new DownloadCounter(store, { now: () => now });
    expect(counter.record('1.2.3.4', 'ProjAAAA', 'VersAAAA')).toBe(true);
    expect(counter.record('1.2.3.4', 'ProjAAAA', 'VersBBBB')).toBe(false); // same window, same project
    expect(counter.record('1.2.3.4', 'ProjBBBB', 'VersCCCC')).toBe(true); // other project
    expect(counter.record('2001:db8::1', 'ProjAAAA', 'VersAAAA')).toBe(true);
    expect(counter.record('2001:db8::2', 'ProjAAAA', 'VersAAAA')).toBe(false); // same /64
    await counter.flush();
    const a = await store.readStream(downloadsStream('ProjAAAA'));
    expect(a.map((e) => e.data)).toEqual([{ project_id: 'ProjAAAA', version_id: 'VersAAAA', count: 2 }]);
    // five more windows count, the 7th download within 6 h does not
    for (let i = 0; i < 5; i++) {
      now += 20_000;
      expect(counter.record('1.2.3.4', 'ProjAAAA', 'VersAAAA')).toBe(true);
      await counter.flush();
    }
    now += 20_000;
    expect(counter.record('1.2.3.4', 'ProjAAAA', 'VersAAAA')).toBe(false);
    // after the counter expires it counts again
    now += 7 * 60 * 60 * 1000;
    await counter.flush();
    expect(counter.record('1.2.3.4', 'ProjAAAA', 'VersAAAA')).toBe(true);
    await counter.close();
    const total = (await store.readStream(downloadsStream('ProjAAAA'))).reduce((n, e) => n + (e.data as { count: number }).count, 0);
    expect(total).toBe(2 + 5 + 1);
    await store.close();
  });

  it('writes nothing when nothing was downloaded', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    const counter = new DownloadCounter(store);
    await counter.close();
    expect(await store.headPosition()).toBe(0);
    await store.close();
  });
});

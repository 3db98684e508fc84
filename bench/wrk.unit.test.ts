import { describe, expect, it } from 'vitest';
import { chooseGenerator } from './load';
import { percentile } from './util';
import { rawRequest, requestList } from './wrk';
import { decideWrk, ensureWrk, type WrkEnvironment } from './wrk-install';
import { correct, correctionInterval, histogramCount, histogramPercentile, uncorrected, type Buckets } from './wrk-latency';

/** A machine with or without wrk, user and package manager. */
function machine(o: Partial<Omit<WrkEnvironment, 'find'>> & { wrk?: string } = {}): WrkEnvironment & { installed: { path: string | null } } {
  const installed = { path: o.wrk ?? null };
  return { find: () => installed.path, isRoot: o.isRoot ?? false, hasApt: o.hasApt ?? true, aptKnows: o.aptKnows ?? true, installed };
}

describe('which wrk the bench gets', () => {
  it('uses the wrk on the PATH, whoever runs the bench', () => {
    for (const isRoot of [true, false]) expect(decideWrk(machine({ wrk: '/usr/bin/wrk', isRoot }))).toEqual({ action: 'use', path: '/usr/bin/wrk' });
  });

  it('installs Debian wrk with apt when missing and running as root, updating the lists first when apt does not know it', () => {
    expect(decideWrk(machine({ isRoot: true }))).toEqual({ action: 'install', commands: [['apt-get', 'install', '-y', '-qq', 'wrk']] });
    const d = decideWrk(machine({ isRoot: true, aptKnows: false }));
    expect(d.action === 'install' && d.commands.map((c) => c.slice(0, 2).join(' '))).toEqual(['apt-get update', 'apt-get install']);
  });

  it('says why there is none when not root or without apt', () => {
    expect(decideWrk(machine())).toEqual({ action: 'fail', message: expect.stringContaining('sudo apt-get install wrk') });
    expect(decideWrk(machine({ isRoot: true, hasApt: false }))).toEqual({ action: 'fail', message: expect.stringContaining('no apt-get') });
  });

  it('runs the install commands in order, then uses the wrk found after them', () => {
    const env = machine({ isRoot: true, aptKnows: false });
    const ran: string[] = [];
    const outcome = ensureWrk({
      env,
      log: () => undefined,
      run: (cmd, args) => {
        ran.push([cmd, ...args].join(' '));
        if (args[0] === 'install') env.installed.path = '/usr/bin/wrk';
        return 0;
      },
    });
    expect(outcome).toEqual({ ok: true, path: '/usr/bin/wrk', installed: true });
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq wrk']);
  });

  it('says which command failed, and runs nothing more', () => {
    const ran: string[] = [];
    const outcome = ensureWrk({ env: machine({ isRoot: true }), log: () => undefined, run: (cmd, args) => (ran.push([cmd, ...args].join(' ')), 100) });
    expect(outcome).toEqual({ ok: false, message: expect.stringMatching(/apt-get install .*wrk.* failed \(exit 100\)/) });
    expect(ran).toHaveLength(1);
  });
});

describe('which generator sends the passes', () => {
  const found = () => ({ ok: true as const, path: '/usr/bin/wrk', installed: false });
  it('is wrk when there is one', () => {
    expect(chooseGenerator(undefined, found)).toEqual({ kind: 'wrk', path: '/usr/bin/wrk', label: 'wrk' });
    expect(chooseGenerator('wrk', found).kind).toBe('wrk');
  });

  it('falls back to autocannon and says why when wrk cannot be had', () => {
    const g = chooseGenerator(undefined, () => ({ ok: false, message: 'no apt-get' }));
    expect(g).toEqual({ kind: 'autocannon', label: 'autocannon (wrk not installable: no apt-get)' });
  });

  it('is autocannon when asked for, without looking for wrk', () => {
    const g = chooseGenerator('autocannon', () => {
      throw new Error('must not look for wrk');
    });
    expect(g.kind).toBe('autocannon');
    expect(() => chooseGenerator('ab', found)).toThrow(/wrk or autocannon/);
  });
});

describe("wrk's latency histogram", () => {
  /** A histogram of 1000 requests: most fast, a tail up to 40 ms. */
  function sample(seed: number): Buckets {
    let s = seed;
    const r = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const counts = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const us = r() < 0.9 ? 200 + Math.floor(r() * 800) : 2000 + Math.floor(r() * 38_000);
      counts.set(us, (counts.get(us) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => a[0] - b[0]);
  }

  it('is the measured one again after wrk corrected it', () => {
    for (const seed of [1, 2, 3]) {
      const raw = sample(seed);
      const e = correctionInterval(4_000_000, 1000, 4)!;
      expect(e).toBe(16_000);
      const corrected = correct(raw, e);
      expect(histogramCount(corrected)).toBeGreaterThan(1000);
      expect(uncorrected(corrected, e)).toEqual(raw);
    }
    // a short interval corrects many buckets many times
    const raw = sample(4);
    expect(uncorrected(correct(raw, 700), 700)).toEqual(raw);
  });

  it('is left as it is when wrk did not correct it', () => {
    expect(correctionInterval(1000, 3, 4)).toBeNull();
    expect(uncorrected(sample(5), null)).toEqual(sample(5));
  });

  it('has the same percentiles as the samples it counts', () => {
    const raw = sample(6);
    const samples = raw.flatMap(([v, c]) => Array<number>(c).fill(v));
    for (const p of [50, 90, 99, 100]) expect(histogramPercentile(raw, p)).toBe(percentile(samples, p));
    expect(histogramPercentile([], 50)).toBeNaN();
  });
});

describe('the requests wrk sends', () => {
  it('is a GET without a body, or a method with its headers and its body length in bytes', () => {
    expect(rawRequest('127.0.0.1:9', { method: 'GET', path: '/v2/search?query=a%20b' }).toString()).toBe(
      'GET /v2/search?query=a%20b HTTP/1.1\r\nHost: 127.0.0.1:9\r\n\r\n',
    );
    const body = JSON.stringify({ query: 'ñ' });
    expect(rawRequest('h:1', { method: 'POST', path: '/i/_search', body, headers: { 'content-type': 'application/json' } }).toString()).toBe(
      `POST /i/_search HTTP/1.1\r\nHost: h:1\r\ncontent-type: application/json\r\nContent-Length: ${body.length + 1}\r\n\r\n${body}`,
    );
  });

  it('lists each request as its length and its bytes', () => {
    const list = requestList('h:1', [
      { method: 'GET', path: '/a' },
      { method: 'POST', path: '/b', body: '\n' },
    ]).toString();
    const a = 'GET /a HTTP/1.1\r\nHost: h:1\r\n\r\n';
    const b = 'POST /b HTTP/1.1\r\nHost: h:1\r\nContent-Length: 1\r\n\r\n\n';
    expect(list).toBe(`${a.length}\n${a}${b.length}\n${b}`);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStore } from './toasts';
import { LoadingTracker } from './loading';
import { claimReload, DeveloperModeCounter } from './reload-guard';
import { alternateLinks, resolveLocale, withLocale } from './locale';
import { MAX_PARALLEL_PRELOADS, PrefetchQueue } from './prefetch';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('disappear after 30 s', () => {
    const s = new ToastStore();
    s.add({ title: 'Saved' });
    vi.advanceTimersByTime(29_999);
    expect(s.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.toasts).toHaveLength(0);
  });
  it('an identical toast only restarts the existing timer', () => {
    const s = new ToastStore();
    s.add({ title: 'Saved', text: 'ok', type: 'success' });
    vi.advanceTimersByTime(20_000);
    s.add({ title: 'Saved', text: 'ok', type: 'success' });
    expect(s.toasts).toHaveLength(1);
    vi.advanceTimersByTime(20_000);
    expect(s.toasts).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(s.toasts).toHaveLength(0);
  });
  it('a toast differing in text, title or type is a new one', () => {
    const s = new ToastStore();
    s.add({ title: 'A', text: 'x', type: 'info' });
    s.add({ title: 'A', text: 'y', type: 'info' });
    s.add({ title: 'A', text: 'x', type: 'error' });
    s.add({ title: 'B', text: 'x', type: 'info' });
    expect(s.toasts).toHaveLength(4);
  });
  it('click dismisses; hover pauses; leaving restarts the full timer', () => {
    const s = new ToastStore();
    const t = s.add({ title: 'Hover me' });
    vi.advanceTimersByTime(25_000);
    s.pause(t.id);
    vi.advanceTimersByTime(60_000);
    expect(s.toasts).toHaveLength(1);
    s.resume(t.id);
    vi.advanceTimersByTime(29_000);
    expect(s.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(s.toasts).toHaveLength(0);
    const u = s.add({ title: 'Click me' });
    s.dismiss(u.id);
    expect(s.toasts).toHaveLength(0);
  });
});

describe('loading bar', () => {
  it('stays hidden for loads shorter than the 50 ms throttle', () => {
    const l = new LoadingTracker();
    const done = l.start();
    vi.advanceTimersByTime(49);
    done();
    vi.advanceTimersByTime(1000);
    expect(l.getSnapshot().visible).toBe(false);
  });
  it('shows after 50 ms, creeps over 500 ms, completes and hides', () => {
    const l = new LoadingTracker();
    const done = l.start();
    vi.advanceTimersByTime(50);
    expect(l.getSnapshot()).toEqual({ visible: true, progress: 0 });
    vi.advanceTimersByTime(250);
    const mid = l.getSnapshot().progress;
    expect(mid).toBeGreaterThan(30);
    expect(mid).toBeLessThan(60);
    vi.advanceTimersByTime(1000);
    expect(l.getSnapshot().progress).toBe(90);
    done();
    expect(l.getSnapshot()).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(200);
    expect(l.getSnapshot().visible).toBe(false);
  });
  it('waits for every concurrent load', () => {
    const l = new LoadingTracker();
    const a = l.start();
    const b = l.start();
    vi.advanceTimersByTime(60);
    a();
    a();
    expect(l.active).toBe(1);
    expect(l.getSnapshot().progress).toBeLessThan(100);
    b();
    expect(l.active).toBe(0);
    expect(l.getSnapshot().progress).toBe(100);
  });
});

describe('build reload guard', () => {
  it('allows one forced reload per path per 10 s', () => {
    const m = new Map<string, string>();
    const store = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    expect(claimReload('/mods', store, 1_000)).toBe(true);
    expect(claimReload('/mods', store, 5_000)).toBe(false);
    expect(claimReload('/modpacks', store, 5_000)).toBe(true);
    expect(claimReload('/mods', store, 10_999)).toBe(false);
    expect(claimReload('/mods', store, 11_000)).toBe(true);
  });
});

describe('developer mode', () => {
  it('toggles on every fifth logo click', () => {
    const c = new DeveloperModeCounter(5);
    expect([1, 2, 3, 4].map(() => c.click())).toEqual([false, false, false, false]);
    expect(c.click()).toBe(true);
    expect(c.click()).toBe(false);
  });
});

describe('language', () => {
  it('hl wins, then the cookie, then en-US', () => {
    expect(resolveLocale('ru', 'en-US')).toBe('ru');
    expect(resolveLocale(null, 'ru')).toBe('ru');
    expect(resolveLocale('xx', undefined)).toBe('en-US');
  });
  it('the default language carries no hl', () => {
    expect(withLocale('/mods?q=a&hl=ru', 'en-US')).toBe('/mods?q=a');
    expect(withLocale('/mods?q=a', 'ru')).toBe('/mods?q=a&hl=ru');
  });
  it('alternate links include x-default', () => {
    expect(alternateLinks('http://h', '/mod/x')).toEqual([
      { hreflang: 'en-US', href: 'http://h/mod/x' },
      { hreflang: 'ru', href: 'http://h/mod/x?hl=ru' },
      { hreflang: 'x-default', href: 'http://h/mod/x' },
    ]);
  });
});

describe('page data preloads', () => {
  it('run at most 4 at once, the rest in turn, each key once', async () => {
    vi.useRealTimers();
    const q = new PrefetchQueue();
    expect(MAX_PARALLEL_PRELOADS).toBe(4);
    let peak = 0;
    let live = 0;
    const done: string[] = [];
    const task = (k: string) => async () => {
      live++;
      peak = Math.max(peak, live);
      await new Promise((r) => setTimeout(r, 5));
      live--;
      done.push(k);
      return k;
    };
    const runs = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => q.run(k, task(k)));
    expect(q.active).toBe(4);
    expect(q.queued).toBe(3);
    expect(q.run('a', task('a'))).toBeNull();
    await Promise.all(runs);
    expect(peak).toBe(4);
    expect(done.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(q.active).toBe(0);
    expect(q.run('a', task('a'))).not.toBeNull();
  });
});

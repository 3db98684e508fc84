import { useCallback, useEffect, useRef, useState } from 'react';
import { takePageAnswer } from './api';
import { PrefetchQueue } from './prefetch';

const cache = new Map<string, { at: number; value: unknown }>();
const FRESH_MS = 30_000;

const preloads = new PrefetchQueue();

/** Loads data a page is likely to need next (on hover or focus of a link), 4 at most in parallel. */
export function prefetchApi<T>(key: string, fetcher: () => Promise<T>): void {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return;
  preloads.run(key, fetcher)?.then(
    (value) => cache.set(key, { at: Date.now(), value }),
    () => undefined,
  );
}

export function invalidateApiCache(prefix = ''): void {
  for (const k of [...cache.keys()]) if (k.startsWith(prefix)) cache.delete(k);
}

export interface ApiState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Fetches with abort on change/unmount and a short in-memory cache; key null skips the call.
 * `pageUrl` is the read's API URL (`apiUrls`): when the server inlined its answer in the page, the first
 * render shows it at once, with no loading pass and no request.
 */
export function useApi<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>, pageUrl?: string | null): ApiState<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: Error }>(() => {
    if (key && pageUrl && !cache.has(key)) {
      const inlined = takePageAnswer(pageUrl);
      if (inlined !== undefined) cache.set(key, { at: Date.now(), value: inlined });
    }
    return { key, data: key ? (cache.get(key)?.value as T | undefined) : undefined };
  });
  const cached = key ? (cache.get(key) as { at: number; value: T } | undefined) : undefined;
  const [nonce, setNonce] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    if (!key) return;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < FRESH_MS && nonce === 0) {
      setState((s) => (s.key === key && s.data === hit.value && !s.error ? s : { key, data: hit.value as T }));
      return;
    }
    const ctl = new AbortController();
    setState((s) => (s.key === key ? s : { key, data: hit?.value as T | undefined }));
    fetcherRef.current(ctl.signal).then(
      (value) => {
        if (ctl.signal.aborted) return;
        cache.set(key, { at: Date.now(), value });
        setState({ key, data: value });
      },
      (error: unknown) => {
        if (ctl.signal.aborted) return;
        setState({ key, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => ctl.abort();
  }, [key, nonce]);

  const reload = useCallback(() => {
    if (key) cache.delete(key);
    setNonce((n) => n + 1);
  }, [key]);

  const current = state.key === key ? state : { data: cached?.value, error: undefined };
  return {
    data: current.data,
    error: current.error,
    loading: key !== null && current.data === undefined && current.error === undefined,
    reload,
  };
}

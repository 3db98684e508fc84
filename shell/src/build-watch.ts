import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { claimReload, MANIFEST_POLL_MS } from '@modshelf/web-kit';
import { LATEST_BUILD_URL } from './areas';

async function latestBuildId(): Promise<string | null> {
  try {
    const res = await fetch(LATEST_BUILD_URL, { cache: 'no-cache' });
    if (!res.ok) return null;
    const body = (await res.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/**
 * Polls builds/latest.json (and checks again on navigation); when its id differs from the build
 * this page started with, forces a reload — at most once per 10 s for the same path.
 */
export function useBuildWatch(currentBuildId: string): void {
  const location = useLocation();
  const check = useRef<() => void>(() => undefined);
  check.current = () => {
    if (!currentBuildId) return;
    void latestBuildId().then((id) => {
      if (!id || id === currentBuildId) return;
      if (claimReload(window.location.pathname, window.sessionStorage)) window.location.reload();
    });
  };

  useEffect(() => {
    const t = setInterval(() => check.current(), MANIFEST_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && check.current();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(t);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // each page transition also asks (a tiny no-cache JSON), so a redeployed part shows up on the next click
  useEffect(() => {
    check.current();
  }, [location.pathname]);
}

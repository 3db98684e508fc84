import { useSyncExternalStore } from 'react';
import { loading, LOADING_BAR } from '@modshelf/web-kit';

/** The thin bar fixed at the top during page loads (throttle 50 ms, duration 500 ms, 3 px). */
export function LoadingBar() {
  const s = useSyncExternalStore(loading.subscribe, loading.getSnapshot);
  return (
    <div
      className="shell-loading-bar"
      role="progressbar"
      aria-hidden={!s.visible}
      aria-valuenow={Math.round(s.progress)}
      data-visible={s.visible}
      style={{
        height: `${LOADING_BAR.heightPx}px`,
        width: `${s.progress}%`,
        opacity: s.visible ? 1 : 0,
        transition: `width ${LOADING_BAR.durationMs / 10}ms linear, opacity ${LOADING_BAR.throttleMs * 4}ms`,
      }}
    />
  );
}

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POPUP } from './constants';

/**
 * A tooltip with the spec's popup constants: shown after 200 ms of hover or on focus, placed
 * 5 px above its target, removed 150 ms after hiding (the dispose timeout, for the fade-out).
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [state, setState] = useState<'hidden' | 'shown' | 'hiding'>('hidden');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('shown'), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setState((s) => (s === 'hidden' ? s : 'hiding'));
    timer.current = setTimeout(() => setState('hidden'), POPUP.disposeTimeoutMs);
  };
  return (
    <span
      className="ms-tooltip-anchor"
      aria-describedby={state === 'shown' ? id : undefined}
      onMouseEnter={() => show(POPUP.tooltipShowDelayMs)}
      onMouseLeave={hide}
      onFocus={() => show(0)}
      onBlur={hide}
    >
      {children}
      {state !== 'hidden' && (
        <span
          id={id}
          role="tooltip"
          className="ms-tooltip"
          data-state={state}
          style={{ bottom: `calc(100% + ${POPUP.distancePx}px)`, transition: `opacity ${POPUP.disposeTimeoutMs}ms` }}
        >
          {content}
        </span>
      )}
    </span>
  );
}

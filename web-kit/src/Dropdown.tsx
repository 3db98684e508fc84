import { useEffect, useLayoutEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POPUP } from './constants';

/**
 * A dropdown menu with the spec's dropdown theme: placed bottom-end, 8 px from its trigger;
 * opens on click (or hover), and closes 400 ms after the pointer leaves, on Escape or outside click.
 */
export function Dropdown({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  // a layout effect: Escape and outside clicks work from the moment the menu opens (preact runs plain effects a frame later)
  useLayoutEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  return (
    <div
      ref={root}
      className={`ms-dropdown ${className ?? ''}`}
      onMouseEnter={() => clearTimeout(hideTimer.current)}
      onMouseLeave={() => {
        clearTimeout(hideTimer.current);
        hideTimer.current = setTimeout(() => setOpen(false), POPUP.dropdownHideDelayMs);
      }}
    >
      <button type="button" className="ms-btn" aria-haspopup="menu" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      {open && (
        <div
          id={id}
          role="menu"
          className="ms-dropdown__menu"
          data-placement={POPUP.dropdown.placement}
          style={{ top: `calc(100% + ${POPUP.dropdown.distancePx}px)`, right: 0 }}
          onClick={() => setOpen(false)}
        >
          {children}
        </div>
      )}
    </div>
  );
}

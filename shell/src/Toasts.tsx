import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { TOAST_LIFETIME_MS, toasts } from '@modshelf/web-kit';

/** The toast area: click dismisses, hover pauses, leaving restarts the 30 s timer. */
export function Toasts() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot);
  const intl = useIntl();
  return (
    <div className="shell-toasts" aria-live="polite">
      {list.map((t) => (
        <div
          key={t.id}
          className={`shell-toast shell-toast--${t.type}`}
          role="status"
          title={intl.formatMessage({ id: 'toast.dismiss', defaultMessage: 'Click to dismiss' })}
          onClick={() => toasts.dismiss(t.id)}
          onMouseEnter={() => toasts.pause(t.id)}
          onMouseLeave={() => toasts.resume(t.id)}
        >
          <strong className="shell-toast__title">{t.title}</strong>
          {t.text && <span className="shell-toast__text">{t.text}</span>}
          <span
            key={t.generation}
            className="shell-toast__timer"
            style={{ animationDuration: `${TOAST_LIFETIME_MS}ms`, animationPlayState: t.paused ? 'paused' : 'running' }}
          />
        </div>
      ))}
    </div>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { ApiError, ErrorScreen, errorText, ERRORS, FormError, invalidateApiCache, sessionAtom, useApi, useT } from '@modshelf/web-kit';
import { accounts, type SelfUser } from './lib/api';

export function Loading() {
  return <div className="set-loading" aria-busy="true" />;
}

/** A modal confirmation (delete a token, revoke an app, delete the account). */
export function Confirm({
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  error,
  children,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  error?: string | null;
  children?: ReactNode;
}) {
  const t = useT();
  // a layout effect: Escape works from the moment the dialog shows (preact runs plain effects a frame later)
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="ms-backdrop set-dialog" role="presentation" onClick={onCancel}>
      <div className="ms-card set-card" role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <h2>{title}</h2>
        <p>{text}</p>
        {children}
        <FormError error={error} />
        <div className="set-row">
          <button type="button" className="ms-btn ms-btn--danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
          <button type="button" className="ms-btn" onClick={onCancel} autoFocus>
            {t('common.cancel', 'Cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The signed-in user's own record (with e-mail, verification and 2FA), or null when anonymous: `data`
 * as read now, `user` for web-kit's Guard (the last answer while it is re-read).
 * Keeps the shared session atom in step, so the header follows.
 */
export function useSelf() {
  const [session, setSession] = useAtom(sessionAtom);
  // the key changes whenever the account changes hands (sign-in, sign-out), so an answer read
  // before that can never put a signed-out user back into the shared session
  const me = useApi<SelfUser | null>(`settings:me:${accountEpoch}`, (signal) =>
    accounts.me(signal).catch((e) => {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }),
  );
  useEffect(() => {
    if (me.data === undefined) return;
    if (me.data === null && session) setSession(null);
    else if (
      me.data &&
      (!session?.user || session.user.id !== me.data.id || session.user.username !== me.data.username || session.user.avatar_url !== me.data.avatar_url)
    ) {
      setSession({ token: null, user: me.data });
    }
  }, [me.data, session, setSession]);
  // while the user is re-read after a change, `user` keeps the last answer, so a page stays on screen
  const last = useRef<SelfUser | null | undefined>(undefined);
  if (me.data !== undefined) last.current = me.data;
  return { ...me, user: me.data ?? last.current };
}

let accountEpoch = 0;

/** After signing in, out, or changing the account: forget cached answers and re-read the user. */
export function refreshAccount(): void {
  accountEpoch++;
  invalidateApiCache('settings:');
}

/** Copies text, falling back silently where the clipboard is blocked. */
export function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="ms-btn"
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setDone(true),
          () => undefined,
        );
      }}
    >
      {done ? t('common.copied', 'Copied') : t('common.copy', 'Copy')}
    </button>
  );
}

/**
 * Profile fields are read from projections, which follow a write within moments; the account
 * API's answers carry no log position to wait on, so after a write we re-read (bounded) until
 * the change shows.
 */
export async function readUntil<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 4000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 150));
    v = await read();
  }
  return v;
}

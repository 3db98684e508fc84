import type { ReactNode } from 'react';
import { FormError, useT } from '@modshelf/web-kit';

/** A form's submit button (disabled while busy) and its Cancel button, side by side. */
export function FormButtons({ submit, busy, onCancel }: { submit: ReactNode; busy: boolean; onCancel: () => void }) {
  const t = useT();
  return (
    <div className="set-row">
      <button type="submit" className="ms-btn ms-btn--primary" disabled={busy}>
        {submit}
      </button>
      <button type="button" className="ms-btn" onClick={onCancel}>
        {t('common.cancel', 'Cancel')}
      </button>
    </div>
  );
}

/** A form's last error, then its primary submit button (disabled while busy). */
export function SubmitWithError({ error, busy, children }: { error: string | null; busy: boolean; children: ReactNode }) {
  return (
    <>
      <FormError error={error} />
      <button className="ms-btn ms-btn--primary" type="submit" disabled={busy}>
        {children}
      </button>
    </>
  );
}

import type { ReactNode } from 'react';
import { FormError, useT } from '@modshelf/web-kit';

/** A dialog form's last error, then its submit button (disabled while busy), any `extra` buttons and Cancel. */
export function DialogButtons({
  error,
  busy,
  submit,
  onCancel,
  extra,
}: {
  error: string | null;
  busy: boolean;
  submit: ReactNode;
  onCancel: () => void;
  extra?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <FormError error={error} />
      <div className="dash-row">
        <button type="submit" className="ms-btn ms-btn--primary" disabled={busy}>
          {submit}
        </button>
        {extra}
        <button type="button" className="ms-btn" onClick={onCancel}>
          {t('common.cancel', 'Cancel')}
        </button>
      </div>
    </>
  );
}

/** The Public / Unlisted / Private options of a visibility select; `publicValue` is the API's word for public. */
export function VisibilityOptions({ publicValue }: { publicValue: string }) {
  const t = useT();
  return (
    <>
      <option value={publicValue}>{t('visibility.public', 'Public')}</option>
      <option value="unlisted">{t('visibility.unlisted', 'Unlisted')}</option>
      <option value="private">{t('visibility.private', 'Private')}</option>
    </>
  );
}

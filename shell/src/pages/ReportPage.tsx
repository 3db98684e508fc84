import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { api, formatCategory, Guard, REPORT_REASONS, sessionAtom, toasts, usePageMeta } from '@modshelf/web-kit';

const ITEM_TYPES = ['project', 'version', 'user'] as const;

/** Report filing; an anonymous visitor is sent to sign in and back. */
export function ReportPage() {
  const session = useAtomValue(sessionAtom);
  return (
    <Guard need="user" user={session?.user ?? null} loading={null} forbidden={null}>
      <ReportForm />
    </Guard>
  );
}

function ReportForm() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const [itemType, setItemType] = useState<string>(params.get('item') ?? 'project');
  const [itemId, setItemId] = useState(params.get('itemID') ?? '');
  const [reason, setReason] = useState<string>(REPORT_REASONS[0]);
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  usePageMeta(intl.formatMessage({ id: 'report.title', defaultMessage: 'Report' }));
  useEffect(() => setSent(false), [itemId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.report({ report_type: reason, item_id: itemId, item_type: itemType, body });
      setSent(true);
      toasts.add({ title: intl.formatMessage({ id: 'report.sent', defaultMessage: 'Report submitted' }), type: 'success' });
    } catch (err) {
      toasts.add({
        title: intl.formatMessage({ id: 'report.failed', defaultMessage: 'Could not submit the report' }),
        text: (err as Error).message,
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ms-card shell-page shell-form" onSubmit={submit}>
      <h1>
        <FormattedMessage id="report.title" defaultMessage="Report" />
      </h1>
      <label>
        <FormattedMessage id="report.itemType" defaultMessage="Item type" />
        <select className="ms-input" value={itemType} onChange={(e) => setItemType(e.target.value)}>
          {ITEM_TYPES.map((t) => (
            <option key={t} value={t}>
              {formatCategory(t)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <FormattedMessage id="report.itemId" defaultMessage="Item ID" />
        <input className="ms-input" required value={itemId} onChange={(e) => setItemId(e.target.value)} />
      </label>
      <label>
        <FormattedMessage id="report.reason" defaultMessage="Reason" />
        <select className="ms-input" value={reason} onChange={(e) => setReason(e.target.value)}>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {formatCategory(r)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <FormattedMessage id="report.body" defaultMessage="Additional information" />
        <textarea className="ms-input" rows={6} value={body} onChange={(e) => setBody(e.target.value)} />
      </label>
      <button className="ms-btn ms-btn--primary" type="submit" disabled={busy || sent}>
        {sent ? (
          <FormattedMessage id="report.sent" defaultMessage="Report submitted" />
        ) : (
          <FormattedMessage id="report.submit" defaultMessage="Submit report" />
        )}
      </button>
    </form>
  );
}

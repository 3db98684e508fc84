/** Schedule a release (project settings and the version edit page): pick a date and time, see it, move or cancel it. */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { apiFetch, Field, FormError, useT } from '@modshelf/web-kit';
import type { ProjectData } from '../project-data';
import { useSave } from './common';
import { projectCommands, toLocalInput } from './lib';

interface Pending {
  time: string;
  requested_status: string;
}

export function ScheduleCard({
  data,
  kind,
  id,
  status,
  statuses,
  canEdit,
}: {
  data: ProjectData;
  kind: 'project' | 'version';
  id: string;
  status: string;
  /** the statuses it may be released into, first the default */
  statuses: readonly { value: string; label: string }[];
  canEdit: boolean;
}) {
  const t = useT();
  const intl = useIntl();
  const save = useSave(data);
  const [pending, setPending] = useState<Pending | null>(null);
  const [when, setWhen] = useState('');
  const [requested, setRequested] = useState(statuses[0]?.value ?? '');
  useEffect(() => {
    let live = true;
    if (status !== 'scheduled') {
      setPending(null);
      return;
    }
    apiFetch<Pending>(`/${kind}/${encodeURIComponent(id)}/schedule`).then(
      (p) => {
        if (!live) return;
        setPending(p);
        setWhen(toLocalInput(p.time));
        setRequested(p.requested_status);
      },
      () => live && setPending(null),
    );
    return () => {
      live = false;
    };
  }, [kind, id, status]);

  const submit = () => {
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) {
      save.setError(t('schedule.pickTime', 'Pick a date and time'));
      return;
    }
    void save.run(() => projectCommands.schedule(kind, id, at.toISOString(), requested), t('schedule.saved', 'Release scheduled'));
  };
  const label = statuses.find((s) => s.value === pending?.requested_status)?.label ?? pending?.requested_status ?? '';
  return (
    <section className="ms-card pset-card" aria-label={t('schedule.title', 'Scheduled release')} data-testid={`schedule-${kind}`}>
      <h3>{t('schedule.title', 'Scheduled release')}</h3>
      {pending ? (
        <p data-testid="schedule-pending" data-time={pending.time}>
          {t('schedule.pending', 'Becomes {status} on {time}', {
            status: label,
            time: intl.formatDate(pending.time, { dateStyle: 'long', timeStyle: 'short' }),
          })}
        </p>
      ) : (
        <p className="ms-muted">{t('schedule.hint', 'Hidden until the chosen time, then released automatically.')}</p>
      )}
      <div className="pset-row">
        <Field label={t('schedule.time', 'Release time')}>
          <input
            className="ms-input"
            type="datetime-local"
            step={1}
            data-testid="schedule-time"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            disabled={!canEdit}
          />
        </Field>
        <Field label={t('schedule.status', 'Then')}>
          <select className="ms-input" data-testid="schedule-status" value={requested} onChange={(e) => setRequested(e.target.value)} disabled={!canEdit}>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <FormError error={save.error} />
      <div className="pset-row">
        <button type="button" className="ms-btn ms-btn--primary" data-testid="schedule-submit" disabled={!canEdit || save.busy} onClick={submit}>
          {pending ? t('schedule.move', 'Reschedule') : t('schedule.submit', 'Schedule')}
        </button>
        {pending && (
          <button
            type="button"
            className="ms-btn"
            data-testid="schedule-cancel"
            disabled={!canEdit || save.busy}
            onClick={() => void save.run(() => projectCommands.cancelSchedule(kind, id), t('schedule.cancelled', 'Schedule cancelled'))}
          >
            {t('schedule.cancel', 'Cancel schedule')}
          </button>
        )}
      </div>
    </section>
  );
}

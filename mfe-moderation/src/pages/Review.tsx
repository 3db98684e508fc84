import { useState } from 'react';
import { Link } from 'react-router';
import { errorText, FormError, invalidateApiCache, projectPath, ThreadView, toasts, useAction, useApi, userPath, useT } from '@modshelf/web-kit';
import { Loading, ModerationLayout, useMe, When } from '../common';
import { moderation, type QueuedProject } from '../lib/api';
import { decisionMessage, decisionStatus, DECISIONS, type Decision } from '../lib/logic';

export const QUEUE_PAGE = 100;

/** /moderation/review: projects in processing, oldest queued first; approve, reject or withhold with a message. */
export function ReviewPage() {
  const t = useT();
  // after a decision: read again, waiting for the projections to pass the position it reached
  const [after, setAfter] = useState<{ n: number; position: number | null }>({ n: 0, position: null });
  const me = useMe();
  const queue = useApi(`moderation:queue:${after.n}`, (signal) => moderation.queue(QUEUE_PAGE, signal, after.position));
  const decided = (position: number | null) => {
    invalidateApiCache('moderation:');
    setAfter((a) => ({ n: a.n + 1, position }));
  };
  return (
    <ModerationLayout title={t('review.title', 'Review queue')}>
      <h1>{t('review.title', 'Review queue')}</h1>
      {queue.error ? (
        <FormError error={errorText(queue.error)} />
      ) : !queue.data ? (
        <Loading />
      ) : queue.data.length === 0 ? (
        <p className="ms-muted" data-testid="queue-empty">
          {t('review.empty', 'Nothing to review. The queue is empty.')}
        </p>
      ) : (
        <>
          <p className="ms-muted">{t('review.count', '{count, plural, one {# project} other {# projects}} awaiting review', { count: queue.data.length })}</p>
          <ul className="mod-list">
            {queue.data.map((p) => (
              <QueueItem key={p.id} project={p} me={me.data?.id ?? null} onDecided={decided} position={after.position ?? 0} />
            ))}
          </ul>
        </>
      )}
    </ModerationLayout>
  );
}

function QueueItem({
  project: p,
  me,
  onDecided,
  position,
}: {
  project: QueuedProject;
  me: string | null;
  onDecided: (position: number | null) => void;
  position: number;
}) {
  const t = useT();
  const [message, setMessage] = useState('');
  // the thread loads when opened (a long queue does not fetch every thread)
  const [threadOpen, setThreadOpen] = useState(false);
  const { busy, error, run } = useAction();
  const label: Record<Decision, string> = {
    approve: t('review.approve', 'Approve'),
    reject: t('review.reject', 'Reject'),
    withhold: t('review.withhold', 'Withhold'),
  };
  const decide = (d: Decision) =>
    run(async () => {
      const status = decisionStatus(d, p.requested_status);
      const position = await moderation.setStatus(p.id, status, decisionMessage(message));
      toasts.add({ type: 'success', title: t('review.done', '{title}: {status}', { title: p.title, status }) });
      onDecided(position);
    });
  const lockedByOther = !!p.locked_by && p.locked_by.id !== me;
  const mine = !!p.locked_by && p.locked_by.id === me;
  const lockAction = (fn: () => Promise<number | null>) => run(async () => onDecided(await fn()));
  return (
    <li className="ms-card mod-item" data-testid="queue-item" data-project-id={p.id} data-locked={p.locked_by ? (mine ? 'mine' : 'other') : 'free'}>
      <div className="mod-item__head">
        {p.icon_url ? <img className="mod-icon" src={p.icon_url} alt="" /> : <span className="mod-icon" aria-hidden="true" />}
        <div className="mod-item__main">
          <Link className="mod-item__title" to={projectPath(p)}>
            {p.title}
          </Link>
          <span className="ms-muted">
            {p.author ? <Link to={userPath({ username: p.author, id: p.author })}>{p.author}</Link> : null}
            {' · '}
            {p.project_type}
            {' · '}
            {t('review.queued', 'queued')} <When iso={p.queued} />
            {' · '}
            {t('review.requested', 'requested: {status}', { status: p.requested_status ?? 'approved' })}
          </span>
          <span>{p.description}</span>
        </div>
        <Link className="ms-btn" to={`/moderation/audit/project/${p.id}`}>
          {t('review.history', 'History')}
        </Link>
      </div>
      <div className="mod-row" data-testid="review-lock">
        {lockedByOther ? (
          <>
            <span className="mod-badge mod-badge--warn">
              {t('review.lockedBy', 'Being reviewed by {name}', { name: p.locked_by!.username ?? p.locked_by!.id })}
            </span>
            <button type="button" className="ms-btn mod-btn-small" disabled={busy} onClick={() => lockAction(() => moderation.lock(p.id, true))}>
              {t('review.takeOver', 'Take over')}
            </button>
          </>
        ) : mine ? (
          <>
            <span className="mod-badge">{t('review.lockedByMe', 'You are reviewing this')}</span>
            <button type="button" className="ms-btn mod-btn-small" disabled={busy} onClick={() => lockAction(() => moderation.unlock(p.id))}>
              {t('review.release', 'Release')}
            </button>
          </>
        ) : (
          <button type="button" className="ms-btn mod-btn-small" disabled={busy} onClick={() => lockAction(() => moderation.lock(p.id))}>
            {t('review.claim', 'Claim for review')}
          </button>
        )}
      </div>
      <label className="mod-field">
        <span>{t('review.message', 'Message to the authors (optional)')}</span>
        <textarea className="ms-input" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2048} />
      </label>
      <div className="mod-row">
        {DECISIONS.map((d) => (
          <button
            key={d}
            type="button"
            className={`ms-btn${d === 'approve' ? ' ms-btn--primary' : d === 'reject' ? ' ms-btn--danger' : ''}`}
            disabled={busy}
            onClick={() => decide(d)}
          >
            {label[d]}
          </button>
        ))}
      </div>
      <FormError error={error} />
      {p.thread_id && (
        <details className="mod-thread" data-testid="review-thread" onToggle={(e) => setThreadOpen(e.currentTarget.open)}>
          <summary>{t('review.thread', 'Messages with the team')}</summary>
          {threadOpen && <ThreadView threadId={p.thread_id} kind="conversation" canPost minPosition={position} />}
        </details>
      )}
    </li>
  );
}

import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { ErrorScreen, formatRelativeTime, Guard, invalidateApiCache, sessionAtom, threadApi, ThreadView, toasts, useApi } from '@modshelf/web-kit';
import { useMarkdownRenderer } from '../markdown';
import type { ProjectData } from './project-data';

const RESUBMITTABLE = ['rejected', 'withheld'];

/**
 * /{type}/{id}/moderation, for the team (and staff): the status and the moderator's message, the
 * project's moderation thread with staff, "resubmit for review" after a rejection or withholding,
 * and, while queued, the place in the queue with an estimated wait from the queue's recent throughput.
 */
export function ModerationTab({ data }: { data: ProjectData }) {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const team = data.membersLoaded === false ? undefined : data.members;
  const notMember = intl.formatMessage({ id: 'moderation.notMember', defaultMessage: 'Only members of this project can see its moderation.' });
  return (
    <Guard
      need={{ team, of: 'project' }}
      user={session?.user ?? null}
      loading={<div className="cat-loading" aria-busy="true" />}
      forbidden={<ErrorScreen statusCode={403} message={notMember} />}
    >
      <ModerationPanel data={data} />
    </Guard>
  );
}

function ModerationPanel({ data }: { data: ProjectData }) {
  const intl = useIntl();
  const p = data.project;
  const [position, setPosition] = useState(0);
  const mod = useApi(`project-moderation:${p.id}:${position}`, (s) => threadApi.projectModeration(p.id, s, position));
  const [busy, setBusy] = useState(false);
  const renderMarkdown = useMarkdownRenderer();
  if (mod.error) return <p role="alert">{mod.error.message}</p>;
  if (!mod.data || !renderMarkdown) return <div className="cat-loading" aria-busy="true" />;
  const m = mod.data;

  const resubmit = async () => {
    setBusy(true);
    try {
      setPosition(await threadApi.resubmit(p.id));
      invalidateApiCache(`project:`);
      data.refresh?.();
      toasts.add({ title: intl.formatMessage({ id: 'moderation.resubmitted', defaultMessage: 'Resubmitted for review' }), type: 'success' });
    } catch (e) {
      toasts.add({
        title: intl.formatMessage({ id: 'moderation.resubmitFailed', defaultMessage: 'Could not resubmit' }),
        text: (e as Error).message,
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cat-moderation">
      <section className="ms-card" aria-labelledby="cat-moderation-status">
        <h2 id="cat-moderation-status">
          <FormattedMessage id="moderation.heading" defaultMessage="Moderation" />
        </h2>
        <p data-testid="moderation-status">
          <FormattedMessage id="moderation.status" defaultMessage="Status: {status}" values={{ status: <strong>{m.status}</strong> }} />
        </p>
        {m.moderator_message && (
          <div className="cat-moderation__message" data-testid="moderator-message">
            <h3>
              <FormattedMessage id="moderation.message" defaultMessage="Message from the moderators" />
            </h3>
            <p>
              <strong>{m.moderator_message.message}</strong>
            </p>
            {m.moderator_message.body && <div dangerouslySetInnerHTML={{ __html: renderMarkdown(m.moderator_message.body) }} />}
          </div>
        )}
        {m.queue.position !== null && (
          <div data-testid="moderation-queue">
            <p>
              <FormattedMessage
                id="moderation.position"
                defaultMessage="Position {position} of {length} in the review queue"
                values={{ position: m.queue.position, length: m.queue.length }}
              />
              {m.queued && (
                <span className="ms-muted">
                  {' '}
                  · <FormattedMessage id="moderation.queuedAt" defaultMessage="submitted {when}" values={{ when: formatRelativeTime(m.queued, intl.locale) }} />
                </span>
              )}
            </p>
            <p>
              {m.queue.estimated_wait_hours !== null ? (
                m.queue.estimated_wait_hours < 48 ? (
                  <FormattedMessage
                    id="moderation.waitHours"
                    defaultMessage="Estimated wait: about {n, plural, one {# hour} other {# hours}}"
                    values={{ n: m.queue.estimated_wait_hours }}
                  />
                ) : (
                  <FormattedMessage
                    id="moderation.waitDays"
                    defaultMessage="Estimated wait: about {n, plural, one {# day} other {# days}}"
                    values={{ n: Math.round(m.queue.estimated_wait_hours / 24) }}
                  />
                )
              ) : (
                <FormattedMessage
                  id="moderation.waitUnknown"
                  defaultMessage="Estimated wait: unknown (no reviews in the last {days} days)"
                  values={{ days: m.queue.window_days }}
                />
              )}
            </p>
            <p className="ms-muted">
              <FormattedMessage
                id="moderation.throughput"
                defaultMessage="The moderators reviewed {rate} projects a day over the last {days} days."
                values={{ rate: m.queue.reviews_per_day, days: m.queue.window_days }}
              />
            </p>
          </div>
        )}
        {RESUBMITTABLE.includes(m.status) && (
          <button type="button" className="ms-btn ms-btn--primary" onClick={resubmit} disabled={busy}>
            <FormattedMessage id="moderation.resubmit" defaultMessage="Resubmit for review" />
          </button>
        )}
      </section>
      <section className="ms-card" aria-labelledby="cat-moderation-thread">
        <h2 id="cat-moderation-thread">
          <FormattedMessage id="moderation.thread" defaultMessage="Messages with the moderators" />
        </h2>
        <ThreadView threadId={m.thread_id} kind="conversation" canPost minPosition={position} />
      </section>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { ApiError, ErrorScreen, errorText, FormError, useApi, userPath, useT } from '@modshelf/web-kit';
import { Loading, ModerationLayout, When } from '../common';
import { moderation, type TimelineEntry } from '../lib/api';
import { endOfSecond, eventSummary, fromLocalInput, isAuditType, justBefore, stateHighlights, toLocalInput } from '../lib/logic';

/** An aggregate's events, oldest first: type, actor, time, and the event data on demand. */
export function Timeline({ entries, onPick }: { entries: TimelineEntry[]; onPick?: (asOf: string) => void }) {
  const t = useT();
  const intl = useIntl();
  return (
    <ol className="mod-timeline" data-testid="timeline">
      {entries.map((e) => {
        const summary = eventSummary(e.type, e.data);
        return (
          <li key={e.revision} className="mod-event" data-testid="timeline-entry" data-type={e.type}>
            <div className="mod-event__head">
              <span className="mod-event__rev">#{e.revision}</span>
              <strong className="mod-event__type">{e.type}</strong>
              {summary && <span className="mod-event__summary">{summary}</span>}
            </div>
            <div className="ms-muted mod-event__meta">
              <span data-testid="event-actor">
                {e.actor ? (
                  e.actor.username ? (
                    <Link to={userPath({ username: e.actor.username, id: e.actor.id })}>{e.actor.username}</Link>
                  ) : (
                    <code>{e.actor.id}</code>
                  )
                ) : (
                  t('audit.system', 'system')
                )}
              </span>
              {' · '}
              <time dateTime={e.time} title={e.time}>
                {new Date(e.time).toLocaleString(intl.locale)}
              </time>
              {' · '}
              <When iso={e.time} />
            </div>
            <details>
              <summary>{t('audit.data', 'Data')}</summary>
              <pre className="mod-json">{JSON.stringify(e.data, null, 2)}</pre>
              <p className="ms-muted mod-event__ids">
                {t('audit.ids', 'position {position} · schema v{version} · command {command} · correlation {correlation}', {
                  position: e.position,
                  version: e.schema_version,
                  command: e.command_id,
                  correlation: e.correlation_id,
                })}
              </p>
            </details>
            {onPick && (
              <div className="mod-row">
                <button type="button" className="ms-btn mod-btn-small" onClick={() => onPick(justBefore(e.time))}>
                  {t('audit.before', 'State before')}
                </button>
                <button type="button" className="ms-btn mod-btn-small" onClick={() => onPick(e.time)}>
                  {t('audit.after', 'State after')}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The rebuilt state as of a moment: the telling fields first, the whole document on demand. */
function AsOfState({ type, id, asOf }: { type: string; id: string; asOf: string }) {
  const t = useT();
  const intl = useIntl();
  const answer = useApi(`moderation:asof:${type}:${id}:${asOf}`, (signal) => moderation.asOf(type, id, asOf, signal));
  if (answer.error) return <FormError error={errorText(answer.error)} />;
  if (!answer.data) return <Loading />;
  const a = answer.data;
  return (
    <div className="mod-asof" data-testid="asof-state" data-exists={a.exists}>
      <p className="ms-muted">
        {t('audit.asOfAt', 'As of {time} (after event #{revision})', { time: new Date(a.as_of).toLocaleString(intl.locale), revision: a.revision })}
      </p>
      {!a.exists ? (
        <p data-testid="asof-missing">{t('audit.notYet', 'It did not exist at that moment (or no longer existed).')}</p>
      ) : (
        <>
          <dl className="mod-dl">
            {stateHighlights(a.state).map(([k, v]) => (
              <div key={k} className="mod-dl__row" data-testid={`asof-${k}`}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <details>
            <summary>{t('audit.fullState', 'Full state')}</summary>
            <pre className="mod-json">{JSON.stringify(a.state, null, 2)}</pre>
          </details>
        </>
      )}
    </div>
  );
}

/** /moderation/audit/{type}/{id}[?as_of=]: the timeline and the state "as of" a chosen moment. */
export function AuditPage() {
  const t = useT();
  const { type = '', id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const [input, setInput] = useState(asOf ? toLocalInput(asOf) : '');
  useEffect(() => setInput(asOf ? toLocalInput(asOf) : ''), [asOf]);
  const timeline = useApi(isAuditType(type) ? `moderation:audit:${type}:${id}` : null, (signal) => moderation.timeline(type, id, signal));
  if (!isAuditType(type)) return <ErrorScreen statusCode={404} message={t('audit.unknownType', 'Unknown audit type: {type}', { type })} />;
  if (timeline.error) {
    const status = timeline.error instanceof ApiError ? timeline.error.status : undefined;
    return <ErrorScreen statusCode={status} message={errorText(timeline.error)} />;
  }
  const pick = (iso: string) => setParams({ as_of: iso });
  const itemLink =
    type === 'project'
      ? `/project/${id}`
      : type === 'user'
        ? `/user/${id}`
        : type === 'report'
          ? `/moderation/report/${id}`
          : type === 'collection'
            ? `/collection/${id}`
            : type === 'organization'
              ? `/organization/${id}`
              : null;
  return (
    <ModerationLayout title={t('audit.title', 'Audit: {type} {id}', { type, id })}>
      <h1>{t('audit.title', 'Audit: {type} {id}', { type, id })}</h1>
      {itemLink && (
        <p>
          <Link to={itemLink}>{t('audit.open', 'Open the {type}', { type })}</Link>
        </p>
      )}
      <section className="ms-card mod-card">
        <h2>{t('audit.asOf', 'State as of')}</h2>
        <form
          className="mod-row"
          onSubmit={(e) => {
            e.preventDefault();
            const iso = fromLocalInput(input);
            if (iso) pick(endOfSecond(iso));
          }}
        >
          <input
            className="ms-input"
            type="datetime-local"
            step={1}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            aria-label={t('audit.asOfInput', 'Moment')}
            data-testid="asof-input"
          />
          <button type="submit" className="ms-btn ms-btn--primary">
            {t('audit.show', 'Show state')}
          </button>
          <button type="button" className="ms-btn" onClick={() => pick(new Date().toISOString())}>
            {t('audit.now', 'Now')}
          </button>
          {asOf && (
            <button type="button" className="ms-btn" onClick={() => setParams({})}>
              {t('audit.clear', 'Clear')}
            </button>
          )}
        </form>
        {asOf ? (
          <AsOfState type={type} id={id} asOf={asOf} />
        ) : (
          <p className="ms-muted">{t('audit.pick', 'Pick a moment, or a point in the timeline below.')}</p>
        )}
      </section>
      <section className="ms-card mod-card">
        <h2>{t('audit.timeline', 'Timeline')}</h2>
        {!timeline.data ? <Loading /> : <Timeline entries={timeline.data} onPick={pick} />}
      </section>
    </ModerationLayout>
  );
}

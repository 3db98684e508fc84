import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { sessionAtom } from './atoms';
import { formatRelativeTime } from './format';
import { renderMarkdown } from './markdown';
import { threadApi, type ThreadMessage } from './thread-api';
import { toasts } from './toasts';
import { useApi } from './use-api';

export interface ThreadViewProps {
  threadId: string;
  /** `comments`: a project's public comments; `conversation`: a moderation or report thread */
  kind: 'comments' | 'conversation';
  /** whether the viewer may write here */
  canPost: boolean;
  /** where "sign in to comment" leads (anonymous visitors) */
  signInHref?: string;
  /** a log position the thread must include (after the caller's own write elsewhere, e.g. a status change) */
  minPosition?: number;
}

const MAX = { comments: 4000, conversation: 65536 };
const isStaffRole = (role?: string | null) => role === 'moderator' || role === 'admin';

/**
 * A thread's messages (markdown rendered sanitized, status changes, deleted remains), with a form
 * to write and a delete button on one's own messages (staff: on any). Staff may mark a message
 * as a private note in a conversation. Used by the comments and moderation tabs and the staff screens.
 */
export function ThreadView({ threadId, kind, canPost, signInHref, minPosition = 0 }: ThreadViewProps) {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const me = session?.user ?? null;
  const staff = isStaffRole(me?.role);
  const [position, setPosition] = useState(0);
  const at = Math.max(position, minPosition);
  const thread = useApi(`thread:${threadId}:${at}`, (s) => threadApi.thread(threadId, s, at));
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [busy, setBusy] = useState(false);
  const names = new Map((thread.data?.members ?? []).map((u) => [u.id, u]));

  const fail = (e: unknown) =>
    toasts.add({ title: intl.formatMessage({ id: 'thread.failed', defaultMessage: 'That did not work' }), text: (e as Error).message, type: 'error' });

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      setPosition(await threadApi.send(threadId, text, isPrivate && staff));
      setText('');
      setPrivate(false);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (m: ThreadMessage) => {
    if (!window.confirm(intl.formatMessage({ id: 'thread.confirmDelete', defaultMessage: 'Delete this message?' }))) return;
    try {
      setPosition(await threadApi.remove(m.id));
    } catch (e) {
      fail(e);
    }
  };

  const label =
    kind === 'comments'
      ? intl.formatMessage({ id: 'thread.commentLabel', defaultMessage: 'Your comment (markdown)' })
      : intl.formatMessage({ id: 'thread.messageLabel', defaultMessage: 'Your message (markdown)' });

  return (
    <section className="ms-thread" data-testid={`thread-${kind}`} aria-busy={!thread.data && !thread.error}>
      {thread.error && <p role="alert">{thread.error.message}</p>}
      {thread.data && thread.data.messages.length === 0 && (
        <p className="ms-muted">
          {kind === 'comments' ? (
            <FormattedMessage id="thread.noComments" defaultMessage="No comments yet." />
          ) : (
            <FormattedMessage id="thread.noMessages" defaultMessage="No messages yet." />
          )}
        </p>
      )}
      <ol className="ms-thread__list">
        {thread.data?.messages.map((m) => {
          const author = m.author_id ? names.get(m.author_id) : undefined;
          const mine = !!me && m.author_id === me.id;
          const priv = (m.body.type === 'text' || m.body.type === 'deleted') && m.body.private;
          return (
            <li key={m.id} className={`ms-thread__message${priv ? ' ms-thread__message--private' : ''}`} data-testid="thread-message" data-type={m.body.type}>
              <div className="ms-thread__meta">
                {author ? (
                  <a href={`/user/${author.username}`}>{author.username}</a>
                ) : m.author_id ? (
                  <span>
                    <FormattedMessage id="thread.deletedUser" defaultMessage="Deleted user" />
                  </span>
                ) : (
                  <span>
                    <FormattedMessage id="thread.system" defaultMessage="Modshelf" />
                  </span>
                )}
                {isStaffRole(author?.role) && (
                  <span className="ms-thread__badge">
                    <FormattedMessage id="thread.moderator" defaultMessage="Moderator" />
                  </span>
                )}
                {priv && (
                  <span className="ms-thread__badge">
                    <FormattedMessage id="thread.private" defaultMessage="Private note" />
                  </span>
                )}
                <time className="ms-muted" dateTime={m.created} title={m.created}>
                  {formatRelativeTime(m.created, intl.locale)}
                </time>
              </div>
              {m.body.type === 'text' && <div className="ms-thread__body" dangerouslySetInnerHTML={{ __html: renderMarkdown(m.body.body) }} />}
              {m.body.type === 'status_change' && (
                <p className="ms-thread__status">
                  <FormattedMessage
                    id="thread.statusChange"
                    defaultMessage="Changed the status from {old} to {new}"
                    values={{ old: <strong>{m.body.old_status}</strong>, new: <strong>{m.body.new_status}</strong> }}
                  />
                </p>
              )}
              {m.body.type === 'deleted' && (
                <p className="ms-muted">
                  <FormattedMessage id="thread.deleted" defaultMessage="This message was deleted." />
                </p>
              )}
              {m.body.type === 'text' && (mine || staff) && (
                <button type="button" className="ms-btn ms-thread__delete" onClick={() => remove(m)}>
                  <FormattedMessage id="thread.delete" defaultMessage="Delete" />
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {canPost ? (
        <form className="ms-thread__form" onSubmit={submit}>
          <label className="ms-thread__label">
            <span>{label}</span>
            <textarea className="ms-input" rows={4} maxLength={MAX[kind]} value={text} onChange={(e) => setText(e.target.value)} required />
          </label>
          {staff && kind === 'conversation' && (
            <label className="ms-thread__check">
              <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
              <FormattedMessage id="thread.privateNote" defaultMessage="Private note (only staff see it)" />
            </label>
          )}
          <button type="submit" className="ms-btn ms-btn--primary" disabled={busy || !text.trim()}>
            {kind === 'comments' ? (
              <FormattedMessage id="thread.postComment" defaultMessage="Post comment" />
            ) : (
              <FormattedMessage id="thread.send" defaultMessage="Send" />
            )}
          </button>
        </form>
      ) : (
        signInHref && (
          <p>
            <a href={signInHref}>
              <FormattedMessage id="thread.signIn" defaultMessage="Sign in to comment" />
            </a>
          </p>
        )
      )}
    </section>
  );
}

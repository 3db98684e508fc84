import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { useAtomValue } from 'jotai';
import { sessionAtom, signInPath, ThreadView } from '@modshelf/web-kit';
import type { ProjectData } from './project-data';

/** /{type}/{id}/comments: the project's public comment thread; signed-in users write, authors delete their own (staff any). */
export function CommentsTab({ data }: { data: ProjectData }) {
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  const threadId = data.project.comment_thread_id;
  return (
    <section className="ms-card cat-comments" aria-labelledby="cat-comments-heading">
      <h2 id="cat-comments-heading">
        <FormattedMessage id="comments.heading" defaultMessage="Comments" />
      </h2>
      {threadId ? (
        <ThreadView threadId={threadId} kind="comments" canPost={!!session} signInHref={session ? undefined : signInPath(location.pathname)} />
      ) : (
        <p className="ms-muted">
          <FormattedMessage id="comments.unavailable" defaultMessage="Comments are not available for this project." />
        </p>
      )}
    </section>
  );
}

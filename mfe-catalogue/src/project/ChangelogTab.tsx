import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { displayPreferencesAtom, formatDate, versionPath } from '@modshelf/web-kit';
import { useMarkdownRenderer } from '../markdown';
import { VirtualList } from '../components/VirtualList';
import { ChannelBadge } from './ChannelBadge';
import type { ProjectData } from './project-data';

export function ChangelogTab({ data, loaded }: { data: ProjectData; loaded: boolean }) {
  const intl = useIntl();
  const prefs = useAtomValue(displayPreferencesAtom);
  const renderMarkdown = useMarkdownRenderer();
  if (!loaded || !renderMarkdown) return <div className="cat-loading" aria-busy="true" />;
  if (data.versions.length === 0)
    return (
      <p className="ms-card">
        <FormattedMessage id="changelog.none" defaultMessage="No versions yet." />
      </p>
    );
  return (
    <VirtualList
      className="cat-changelog"
      items={data.versions}
      estimate={160}
      threshold={25}
      getKey={(v) => v.id}
      render={(v) => (
        <article className="cat-changelog__entry ms-card">
          <h3>
            <ChannelBadge channel={v.version_type} /> <Link to={versionPath(data.project, v.displayUrlEnding)}>{v.name || v.version_number}</Link>{' '}
            <span className="ms-muted">
              <FormattedMessage
                id="changelog.by"
                defaultMessage="by {author} on {date}"
                values={{ author: v.author?.username ?? '?', date: formatDate(v.date_published, intl.locale) }}
              />
            </span>
          </h3>
          {v.duplicate ? (
            <p className="ms-muted">
              <FormattedMessage id="changelog.duplicate" defaultMessage="Same changelog as the previous version." />
            </p>
          ) : (
            <div
              className="cat-markdown"
              dangerouslySetInnerHTML={{ __html: renderMarkdown(v.changelog || '', { externalLinksNewTab: prefs.externalLinksNewTab }) }}
            />
          )}
        </article>
      )}
    />
  );
}

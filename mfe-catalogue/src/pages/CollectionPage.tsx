import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { api, layoutFor, displayPreferencesAtom, ERRORS, formatDate, formatRelativeTime, usePageMeta, useApi, userPath } from '@modshelf/web-kit';
import { ApiErrorScreen } from '../components/ApiErrorScreen';
import { ProjectIcon } from '../components/ProjectCard';
import { ProjectsByType } from '../components/ProjectsByType';

const VISIBILITY = {
  public: { id: 'collection.public', defaultMessage: 'Public' },
  unlisted: { id: 'collection.unlisted', defaultMessage: 'Unlisted' },
  private: { id: 'collection.private', defaultMessage: 'Private' },
} as const;

export function CollectionPage() {
  const prefs = useAtomValue(displayPreferencesAtom);
  const intl = useIntl();
  const { id = '', projectType } = useParams();
  const collection = useApi(`collection:${id}`, (s) => api.collection(id, s));
  const c = collection.data;
  const projects = useApi(c ? `collection-projects:${c.id}:${c.projects.join(',')}` : null, (s) =>
    c!.projects.length ? api.projects(c!.projects, s) : Promise.resolve([]),
  );
  const owner = useApi(c ? `user:${c.user}` : null, (s) => api.user(c!.user, s));
  usePageMeta(c?.name, c?.description ?? undefined);
  if (collection.error) return <ApiErrorScreen error={collection.error} notFound={ERRORS.collectionNotFound} />;
  if (!c) return <div className="cat-loading" aria-busy="true" />;
  const vis = VISIBILITY[c.status as keyof typeof VISIBILITY];
  return (
    <div className="cat-profile">
      <aside className="cat-profile__card ms-card">
        <ProjectIcon url={c.icon_url} title={c.name} size={96} />
        <h1>{c.name}</h1>
        {c.description && <p>{c.description}</p>}
        {vis && <span className="cat-badge">{intl.formatMessage(vis)}</span>}
        <dl className="cat-meta">
          <dt>
            <FormattedMessage id="collection.owner" defaultMessage="Curated by" />
          </dt>
          <dd>{owner.data ? <Link to={userPath(owner.data)}>{owner.data.username}</Link> : c.user}</dd>
          <dt>
            <FormattedMessage id="collection.created" defaultMessage="Created" />
          </dt>
          <dd>{formatDate(c.date_created, intl.locale)}</dd>
          <dt>
            <FormattedMessage id="collection.updated" defaultMessage="Updated" />
          </dt>
          <dd>{formatRelativeTime(c.date_updated, intl.locale)}</dd>
        </dl>
      </aside>
      <ProjectsByType projects={projects.data ?? []} base={`/collection/${c.id}`} selected={projectType} layout={layoutFor(prefs, 'collection')} />
    </div>
  );
}

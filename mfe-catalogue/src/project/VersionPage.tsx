import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import {
  api,
  displayPreferencesAtom,
  findVersion,
  formatBytes,
  formatCategory,
  formatDate,
  formatGameVersions,
  formatNumber,
  NotFound,
  projectPath,
  usePageMeta,
  useApi,
  userPath,
} from '@modshelf/web-kit';
import { useMarkdownRenderer } from '../markdown';
import { ChannelBadge } from './ChannelBadge';
import type { ProjectData } from './project-data';

const DEP_LABELS = {
  required: { id: 'deps.required', defaultMessage: 'Required' },
  optional: { id: 'deps.optional', defaultMessage: 'Optional' },
  incompatible: { id: 'deps.incompatible', defaultMessage: 'Incompatible' },
  embedded: { id: 'deps.embedded', defaultMessage: 'Embedded' },
} as const;

/** One version: changelog, files with hashes and sizes, dependencies, and the download. */
export function VersionPage({ data, loaded }: { data: ProjectData; loaded: boolean }) {
  const intl = useIntl();
  const { version: ending = '' } = useParams();
  const location = useLocation();
  const prefs = useAtomValue(displayPreferencesAtom);
  const v = findVersion(data.versions, ending);
  usePageMeta(v ? `${data.project.title} ${v.version_number}` : undefined, v ? data.project.description : undefined);
  const deps = v?.dependencies ?? [];
  const projectIds = [...new Set(deps.map((d) => d.project_id).filter((x): x is string => !!x))];
  const versionIds = [...new Set(deps.map((d) => d.version_id).filter((x): x is string => !!x))];
  const depProjects = useApi(projectIds.length ? `projects:${projectIds.join(',')}` : null, (s) => api.projects(projectIds, s));
  const depVersions = useApi(versionIds.length ? `versions:${versionIds.join(',')}` : null, (s) => api.versions(versionIds, s));
  const tags = useApi('tag:game_version', (s) => api.gameVersions(s));
  const renderMarkdown = useMarkdownRenderer();
  const changelog = useMemo(
    () => renderMarkdown?.(v?.changelog ?? '', { externalLinksNewTab: prefs.externalLinksNewTab }),
    [renderMarkdown, v?.changelog, prefs.externalLinksNewTab],
  );

  if (!loaded || changelog === undefined) return <div className="cat-loading" aria-busy="true" />;
  if (!v) return <NotFound path={location.pathname} />;

  return (
    <article className="cat-version" data-version-id={v.id}>
      <header className="cat-version__header ms-card">
        <Link to={`${data.base}/versions`} className="ms-muted">
          ← <FormattedMessage id="version.all" defaultMessage="All versions" />
        </Link>
        <h2 className="cat-version__title">{v.name || v.version_number}</h2>
        <div className="cat-version__actions">
          {v.primaryFile.url && (
            <a className="ms-btn ms-btn--primary" data-testid="download-primary" href={v.primaryFile.url} download={v.primaryFile.filename}>
              <FormattedMessage id="version.download" defaultMessage="Download {file}" values={{ file: v.primaryFile.filename }} />
            </a>
          )}
        </div>
      </header>
      <section className="ms-card">
        <h3>
          <FormattedMessage id="version.changelog" defaultMessage="Changelog" />
        </h3>
        {v.changelog ? (
          <div className="cat-markdown" dangerouslySetInnerHTML={{ __html: changelog }} />
        ) : (
          <p className="ms-muted">
            <FormattedMessage id="version.noChangelog" defaultMessage="No changelog specified." />
          </p>
        )}
      </section>
      <section className="ms-card">
        <h3>
          <FormattedMessage id="version.files" defaultMessage="Files" />
        </h3>
        <ul className="cat-files">
          {v.files.map((f) => (
            <li key={f.url || f.filename} className="cat-file" data-testid="version-file" data-primary={f.primary}>
              <div className="cat-file__name">
                <strong>{f.filename}</strong>
                <span className="ms-muted" data-testid="file-size">
                  {formatBytes(f.size)}
                </span>
                {f.primary && (
                  <span className="cat-badge">
                    <FormattedMessage id="version.primary" defaultMessage="Primary" />
                  </span>
                )}
                {f.file_type && <span className="cat-badge">{formatCategory(f.file_type)}</span>}
              </div>
              <dl className="cat-hashes">
                {f.hashes.sha1 && (
                  <>
                    <dt>SHA-1</dt>
                    <dd>
                      <code data-testid="sha1">{f.hashes.sha1}</code>
                    </dd>
                  </>
                )}
                {f.hashes.sha512 && (
                  <>
                    <dt>SHA-512</dt>
                    <dd>
                      <code data-testid="sha512">{f.hashes.sha512}</code>
                    </dd>
                  </>
                )}
              </dl>
              <a className="ms-btn" href={f.url} download={f.filename}>
                <FormattedMessage id="versions.download" defaultMessage="Download" />
              </a>
            </li>
          ))}
        </ul>
      </section>
      {deps.length > 0 && (
        <section className="ms-card">
          <h3>
            <FormattedMessage id="version.dependencies" defaultMessage="Dependencies" />
          </h3>
          <ul className="cat-deps">
            {deps.map((d, i) => {
              const proj = depProjects.data?.find((p) => p.id === d.project_id);
              const ver = depVersions.data?.find((x) => x.id === d.version_id);
              const label = proj?.title ?? d.file_name ?? d.project_id ?? d.version_id ?? '?';
              return (
                <li key={`${d.project_id ?? d.version_id ?? d.file_name}-${i}`} data-testid="dependency">
                  {proj ? <Link to={projectPath(proj)}>{label}</Link> : <span>{label}</span>}
                  {ver && <span className="ms-muted"> {ver.version_number}</span>}
                  <span className={`cat-badge cat-badge--${d.dependency_type}`}>
                    {intl.formatMessage(DEP_LABELS[d.dependency_type] ?? DEP_LABELS.required)}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section className="ms-card">
        <h3>
          <FormattedMessage id="version.metadata" defaultMessage="Metadata" />
        </h3>
        <dl className="cat-meta">
          <dt>
            <FormattedMessage id="version.channel" defaultMessage="Release channel" />
          </dt>
          <dd>
            <ChannelBadge channel={v.version_type} long />
          </dd>
          <dt>
            <FormattedMessage id="version.number" defaultMessage="Version number" />
          </dt>
          <dd>{v.version_number}</dd>
          <dt>
            <FormattedMessage id="version.loaders" defaultMessage="Loaders" />
          </dt>
          <dd>{v.loaders.map(formatCategory).join(', ')}</dd>
          <dt>
            <FormattedMessage id="version.gameVersions" defaultMessage="Game versions" />
          </dt>
          <dd>{formatGameVersions(v.game_versions, tags.data)}</dd>
          <dt>
            <FormattedMessage id="version.downloads" defaultMessage="Downloads" />
          </dt>
          <dd>{formatNumber(v.downloads)}</dd>
          <dt>
            <FormattedMessage id="version.published" defaultMessage="Publication date" />
          </dt>
          <dd>{formatDate(v.date_published, intl.locale)}</dd>
          {v.author && (
            <>
              <dt>
                <FormattedMessage id="version.publisher" defaultMessage="Publisher" />
              </dt>
              <dd>
                <Link to={userPath(v.author)}>{v.author.username}</Link>
              </dd>
            </>
          )}
          <dt>
            <FormattedMessage id="version.id" defaultMessage="Version ID" />
          </dt>
          <dd>
            <code>{v.id}</code>
          </dd>
        </dl>
      </section>
    </article>
  );
}

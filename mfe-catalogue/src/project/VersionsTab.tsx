import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { api, countValues, formatBytes, formatCategory, formatGameVersions, formatRelativeTime, useApi, versionPath } from '@modshelf/web-kit';
import { VirtualList } from '../components/VirtualList';
import { ChannelBadge } from './ChannelBadge';
import type { ProjectData } from './project-data';

/** The versions list with loader, game-version and channel filters (kept in the URL). */
export function VersionsTab({ data, loaded }: { data: ProjectData; loaded: boolean }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const tags = useApi('tag:game_version', (s) => api.gameVersions(s));
  const loader = params.get('l') ?? '';
  const gameVersion = params.get('g') ?? '';
  const channel = params.get('c') ?? '';
  const [, force] = useState(0);
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
    force((n) => n + 1);
  };
  const loaders = useMemo(() => [...new Set(data.versions.flatMap((v) => v.loaders))].sort(), [data.versions]);
  const gameVersions = useMemo(
    () => [...new Set(data.versions.flatMap((v) => v.game_versions))].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })),
    [data.versions],
  );
  const list = data.versions.filter(
    (v) => (!loader || v.loaders.includes(loader)) && (!gameVersion || v.game_versions.includes(gameVersion)) && (!channel || v.version_type === channel),
  );

  if (!loaded) return <div className="cat-loading" aria-busy="true" />;
  return (
    <section className="cat-versions">
      <div className="cat-versions__filters ms-card">
        <select
          className="ms-input"
          name="loader"
          value={loader}
          onChange={(e) => set('l', e.target.value)}
          aria-label={intl.formatMessage({ id: 'versions.loader', defaultMessage: 'Loader' })}
        >
          <option value="">{intl.formatMessage({ id: 'versions.allLoaders', defaultMessage: 'All loaders' })}</option>
          {loaders.map((l) => (
            <option key={l} value={l}>
              {formatCategory(l)}
            </option>
          ))}
        </select>
        <select
          className="ms-input"
          name="gameVersion"
          value={gameVersion}
          onChange={(e) => set('g', e.target.value)}
          aria-label={intl.formatMessage({ id: 'versions.gameVersion', defaultMessage: 'Game version' })}
        >
          <option value="">{intl.formatMessage({ id: 'versions.allGameVersions', defaultMessage: 'All game versions' })}</option>
          {gameVersions.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
        <select
          className="ms-input"
          name="channel"
          value={channel}
          onChange={(e) => set('c', e.target.value)}
          aria-label={intl.formatMessage({ id: 'versions.channel', defaultMessage: 'Channel' })}
        >
          <option value="">{intl.formatMessage({ id: 'versions.allChannels', defaultMessage: 'All channels' })}</option>
          <option value="release">{intl.formatMessage({ id: 'channel.release', defaultMessage: 'Release' })}</option>
          <option value="beta">{intl.formatMessage({ id: 'channel.beta', defaultMessage: 'Beta' })}</option>
          <option value="alpha">{intl.formatMessage({ id: 'channel.alpha', defaultMessage: 'Alpha' })}</option>
        </select>
      </div>
      {list.length === 0 ? (
        <p className="ms-card">
          <FormattedMessage id="versions.none" defaultMessage="No versions match these filters." />
        </p>
      ) : (
        <VirtualList
          className="cat-versions__list"
          items={list}
          estimate={72}
          getKey={(v) => v.id}
          render={(v) => (
            <div className="cat-version-row ms-card" data-testid="version-row">
              <ChannelBadge channel={v.version_type} />
              <div className="cat-version-row__name">
                <Link to={versionPath(data.project, v.displayUrlEnding)}>{v.name || v.version_number}</Link>
                <span className="ms-muted">{v.version_number}</span>
              </div>
              <div className="cat-version-row__compat">
                <span>{v.loaders.map(formatCategory).join(', ')}</span>
                <span className="ms-muted">{formatGameVersions(v.game_versions, tags.data)}</span>
              </div>
              <div className="cat-version-row__meta ms-muted">
                <span>{formatRelativeTime(v.date_published, intl.locale)}</span>
                <span>
                  <FormattedMessage
                    id="card.downloadsCount"
                    defaultMessage="{compact, select, yes {{n} downloads} other {{count, plural, one {{n} download} other {{n} downloads}}}}"
                    values={countValues(v.downloads)}
                  />
                </span>
              </div>
              {v.primaryFile.url && (
                <a
                  className="ms-btn ms-btn--primary"
                  href={v.primaryFile.url}
                  download={v.primaryFile.filename}
                  title={`${v.primaryFile.filename} (${formatBytes(v.primaryFile.size)})`}
                >
                  <FormattedMessage id="versions.download" defaultMessage="Download" />
                </a>
              )}
            </div>
          )}
        />
      )}
    </section>
  );
}

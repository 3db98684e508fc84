import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { api, apiUrls, displayPreferencesAtom, formatCategory, formatDate, formatGameVersions, organizationPath, useApi, userPath } from '@modshelf/web-kit';
import { ENVIRONMENT_LABELS, environmentOf } from '../environment';
import type { ProjectData } from './project-data';
import { UserBadges } from '../components/UserBadges';

/** On the creators list the creator badge goes without saying. */
const ON_CREATOR_LIST = ['creator'] as const;

const DONATION_NAMES: Record<string, string> = { other: 'Donate' };

/** The About sidebar: compatibility, creators (with the project owner), details and links. */
export function AboutSidebar({ data }: { data: ProjectData }) {
  const intl = useIntl();
  const prefs = useAtomValue(displayPreferencesAtom);
  const p = data.project;
  const tags = useApi('tag:game_version', (s) => api.gameVersions(s), apiUrls.tag('game_version'));
  const org = useApi(p.organization ? `organization:${p.organization}` : null, (s) => api.organization(p.organization!, s));
  const ext = prefs.externalLinksNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: 'noopener noreferrer' };
  const env = environmentOf(p.client_side, p.server_side);
  const links = [
    p.issues_url && { href: p.issues_url, label: intl.formatMessage({ id: 'links.issues', defaultMessage: 'Report issues' }) },
    p.source_url && { href: p.source_url, label: intl.formatMessage({ id: 'links.source', defaultMessage: 'View source' }) },
    p.wiki_url && { href: p.wiki_url, label: intl.formatMessage({ id: 'links.wiki', defaultMessage: 'Visit wiki' }) },
    p.discord_url && { href: p.discord_url, label: intl.formatMessage({ id: 'links.discord', defaultMessage: 'Join Discord server' }) },
    ...(p.donation_urls ?? []).map((d) => ({ href: d.url, label: DONATION_NAMES[d.id] ?? formatCategory(d.platform || d.id) })),
  ].filter((x): x is { href: string; label: string } => !!x);
  const members = [...data.members].sort((a, b) => Number(isOwner(b)) - Number(isOwner(a)) || (a.ordering ?? 0) - (b.ordering ?? 0));

  return (
    <aside className="cat-about" aria-label={intl.formatMessage({ id: 'about.title', defaultMessage: 'About' })}>
      <section className="ms-card" data-section="compatibility">
        <h3>
          <FormattedMessage id="about.compatibility" defaultMessage="Compatibility" />
        </h3>
        <dl className="cat-meta">
          <dt>
            <FormattedMessage id="about.gameVersions" defaultMessage="Game versions" />
          </dt>
          <dd data-testid="game-versions">{formatGameVersions(p.game_versions, tags.data) || '—'}</dd>
          <dt>
            <FormattedMessage id="about.platforms" defaultMessage="Platforms" />
          </dt>
          <dd>{p.loaders.map(formatCategory).join(', ') || '—'}</dd>
          <dt>
            <FormattedMessage id="about.environment" defaultMessage="Environment" />
          </dt>
          <dd>{intl.formatMessage(ENVIRONMENT_LABELS[env])}</dd>
        </dl>
        {p.project_type === 'modpack' && p.game_versions.length > 0 && (
          // a search with this modpack's game versions and mod loader provided: locked until the visitor unlocks them
          <Link
            className="ms-btn"
            data-testid="find-compatible"
            to={`/mods?${new URLSearchParams([...p.game_versions.map((v) => ['pv', v]), ...p.loaders.filter((l) => l === 'coreengine').map((l) => ['pg', l])]).toString()}`}
          >
            <FormattedMessage id="about.findCompatible" defaultMessage="Find mods for this modpack" />
          </Link>
        )}
      </section>
      <section className="ms-card" data-section="creators">
        <h3>
          <FormattedMessage id="about.creators" defaultMessage="Creators" />
        </h3>
        {org.data && (
          <p>
            <Link to={organizationPath(org.data)}>{org.data.name}</Link>{' '}
            <span className="ms-muted">
              <FormattedMessage id="about.organization" defaultMessage="Organization" />
            </span>
          </p>
        )}
        <ul className="cat-members">
          {members.map((m) => (
            <li key={m.user.id}>
              {m.user.avatar_url && <img src={m.user.avatar_url} alt="" width={32} height={32} loading="lazy" />}
              <Link to={userPath(m.user)}>{m.user.username}</Link>
              <span className="ms-muted">{m.role}</span>
              {isOwner(m) && (
                <span className="cat-badge" data-testid="owner-badge">
                  <FormattedMessage id="about.owner" defaultMessage="Project owner" />
                </span>
              )}
              <UserBadges bits={m.user.badges} hide={ON_CREATOR_LIST} />
            </li>
          ))}
        </ul>
      </section>
      <section className="ms-card" data-section="details">
        <h3>
          <FormattedMessage id="about.details" defaultMessage="Details" />
        </h3>
        <dl className="cat-meta">
          <dt>
            <FormattedMessage id="about.license" defaultMessage="License" />
          </dt>
          <dd>
            {p.license.url ? (
              <a href={p.license.url} {...ext}>
                {p.license.name || p.license.id}
              </a>
            ) : (
              p.license.name || p.license.id
            )}
          </dd>
          <dt>
            <FormattedMessage id="about.published" defaultMessage="Published" />
          </dt>
          <dd>{formatDate(p.published, intl.locale)}</dd>
          <dt>
            <FormattedMessage id="about.updated" defaultMessage="Updated" />
          </dt>
          <dd>{formatDate(p.updated, intl.locale)}</dd>
          <dt>
            <FormattedMessage id="about.projectId" defaultMessage="Project ID" />
          </dt>
          <dd>
            <code>{p.id}</code>
          </dd>
        </dl>
      </section>
      {links.length > 0 && (
        <section className="ms-card" data-section="links">
          <h3>
            <FormattedMessage id="about.links" defaultMessage="Links" />
          </h3>
          <ul className="cat-links">
            {links.map((l) => (
              <li key={l.href + l.label}>
                <a href={l.href} {...ext}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}

function isOwner(m: { is_owner?: boolean; role: string }): boolean {
  return m.is_owner === true || m.role.toLowerCase() === 'owner';
}

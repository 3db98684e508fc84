import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { api, apiUrls, displayPreferencesAtom, usePageMeta, useApi, type SearchParams } from '@modshelf/web-kit';
import { fromHit, ProjectCard } from '../components/ProjectCard';

const POPULAR: SearchParams = { index: 'downloads', limit: 6 };
const NEWEST: SearchParams = { index: 'newest', limit: 6 };

export function HomePage() {
  const intl = useIntl();
  const prefs = useAtomValue(displayPreferencesAtom);
  usePageMeta(
    intl.formatMessage({ id: 'home.title', defaultMessage: 'Discover mods, modpacks and servers' }),
    intl.formatMessage({ id: 'home.description', defaultMessage: 'Modshelf is the community catalogue of add-ons for your favourite mobile block game.' }),
  );
  const popular = useApi('home:popular', (signal) => api.search(POPULAR, signal), apiUrls.search(POPULAR));
  const fresh = useApi('home:new', (signal) => api.search(NEWEST, signal), apiUrls.search(NEWEST));
  return (
    <div className="cat-home">
      <section className="cat-hero">
        <h1 className="cat-hero__title">
          <FormattedMessage id="home.hero" defaultMessage="The place for add-ons of your mobile block game" />
        </h1>
        <p className="cat-hero__lead ms-muted">
          <FormattedMessage id="home.lead" defaultMessage="Discover, play and share mods, modpacks, servers and behaviour packs." />
        </p>
        <div className="cat-hero__actions">
          <Link className="ms-btn ms-btn--primary" to="/mods">
            <FormattedMessage id="home.browseMods" defaultMessage="Discover mods" />
          </Link>
          <Link className="ms-btn" to="/modpacks">
            <FormattedMessage id="home.browseModpacks" defaultMessage="Discover modpacks" />
          </Link>
          <Link className="ms-btn" to="/servers">
            <FormattedMessage id="home.browseServers" defaultMessage="Discover servers" />
          </Link>
        </div>
      </section>
      {!prefs.hidePromotions && (
        // the site's own offer; "Hide promotions" in the display preferences removes it
        <aside className="cat-promo ms-card" data-testid="promotion">
          <FormattedMessage id="home.promo" defaultMessage="Modshelf+ supports the site and its creators, with no ads anywhere." />{' '}
          <Link to="/settings/billing">
            <FormattedMessage id="home.promo.link" defaultMessage="Learn more" />
          </Link>
        </aside>
      )}
      <section className="cat-home__section">
        <h2>
          <FormattedMessage id="home.popular" defaultMessage="Most downloaded" />
        </h2>
        {popular.error && (
          <p className="ms-muted" role="alert">
            {popular.error.message}
          </p>
        )}
        <div className="cat-results cat-results--grid">
          {popular.data?.hits.map((h) => (
            <ProjectCard key={h.project_id} p={fromHit(h)} layout="grid" />
          ))}
        </div>
      </section>
      <section className="cat-home__section">
        <h2>
          <FormattedMessage id="home.new" defaultMessage="Recently published" />
        </h2>
        <div className="cat-results cat-results--grid">
          {fresh.data?.hits.map((h) => (
            <ProjectCard key={h.project_id} p={fromHit(h)} layout="grid" />
          ))}
        </div>
      </section>
    </div>
  );
}

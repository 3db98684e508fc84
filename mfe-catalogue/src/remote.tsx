import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Route, Routes, useLocation } from 'react-router';
import { injectCss, loading, NotFound, DEFAULT_LOCALE, type Locale } from '@modshelf/web-kit';
import css from './catalogue.css';
import { HomePage } from './pages/HomePage';

/** Pages other than home load on first use (the loading bar shows while they do). */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loading.track(load()).then((c) => ({ default: c })));
}
const SearchPage = page(() => import('./pages/SearchPage').then((m) => m.SearchPage));
const ProjectPage = page(() => import('./project/ProjectPage').then((m) => m.ProjectPage));
const UserPage = page(() => import('./pages/UserPage').then((m) => m.UserPage));
const OrganizationPage = page(() => import('./pages/OrganizationPage').then((m) => m.OrganizationPage));
const CollectionPage = page(() => import('./pages/CollectionPage').then((m) => m.CollectionPage));

injectCss('catalogue', css);

type Messages = Record<string, string>;

/** The catalogue's own language bundle, fetched on demand. */
async function loadCatalogueMessages(locale: string): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return {};
  const mod = (await import(/* webpackChunkName: "catalogue-messages" */ `./messages/${locale}.json`)) as { default: Messages };
  return mod.default;
}

function Fallback404() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}

const PROJECT_TYPES = ['mod', 'modpack', 'server', 'behaviorpack', 'project'];

export default function CatalogueRemote() {
  const parent = useIntl();
  const locale = parent.locale as Locale;
  const [own, setOwn] = useState<{ locale: string; messages: Messages }>({ locale: DEFAULT_LOCALE, messages: {} });

  useEffect(() => {
    if (own.locale === locale) return;
    let live = true;
    loadCatalogueMessages(locale).then(
      (messages) => live && setOwn({ locale, messages }),
      () => live && setOwn({ locale, messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale, own.locale]);

  if (own.locale !== locale && locale !== DEFAULT_LOCALE && own.locale === DEFAULT_LOCALE && Object.keys(own.messages).length === 0) {
    // first paint in another language: wait for the bundle rather than flash English
    return <div className="cat-loading" aria-busy="true" />;
  }

  return (
    <IntlProvider locale={locale} messages={{ ...(parent.messages as Messages), ...own.messages }} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
      <div className="cat" data-remote="catalogue" data-version={__PACKAGE_VERSION__}>
        <Suspense fallback={<div className="cat-loading" aria-busy="true" />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/mods" element={<SearchPage type="mod" />} />
          <Route path="/modpacks" element={<SearchPage type="modpack" />} />
          <Route path="/servers" element={<SearchPage type="server" />} />
          {PROJECT_TYPES.map((t) => (
            <Route key={t} path={`/${t}/:id/*`} element={<ProjectPage urlType={t} />} />
          ))}
          <Route path="/user/:id/:projectType?" element={<UserPage />} />
          <Route path="/organization/:id/:projectType?" element={<OrganizationPage />} />
          <Route path="/organization/:id/settings/*" element={<OrganizationPage />} />
          <Route path="/collection/:id/:projectType?" element={<CollectionPage />} />
          <Route path="*" element={<Fallback404 />} />
        </Routes>
        </Suspense>
      </div>
    </IntlProvider>
  );
}

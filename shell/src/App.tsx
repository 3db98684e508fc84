import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { loading, NotFound } from '@modshelf/web-kit';
import { SHELL_PAGES, type ShellPage } from '@modshelf/web-kit/page-routes';
import { ReportPage } from './pages/ReportPage';
import { areaForPath, isExternal, matchRouteRule, type RemotesManifest, type RouteRules } from './areas';
import { useBuildWatch } from './build-watch';
import { Footer } from './Footer';
import { Header } from './Header';
import { I18nRoot, type Messages } from './i18n';
import { LoadingBar } from './LoadingBar';
import { useThemeEffect } from './prefs';
import { RemoteArea } from './remotes';
import { Toasts } from './Toasts';
import { StagingBanner } from './StagingBanner';
import { BlockerNotice } from './BlockerNotice';
import type { Locale } from '@modshelf/web-kit';

/**
 * The shell's legal and flags pages are not needed to paint the catalogue: they load on first use.
 * (The report page stays in the main chunk: it is reached from project pages with a form to fill at once.)
 */
function page(load: () => Promise<ComponentType>) {
  return lazy(() => loading.track(load()).then((c) => ({ default: c })));
}
const LegalPage = page(() => import('./pages/LegalPage').then((m) => m.LegalPage));
const FlagsPage = page(() => import('./pages/FlagsPage').then((m) => m.FlagsPage));
const AmogusPage = page(() => import('./pages/AmogusPage').then((m) => m.AmogusPage));

/** The shell's own pages: one per entry of the route table the server shares (SHELL_PAGES). */
const OWN_PAGES: Record<ShellPage, ReactElement> = {
  '/legal': <LegalPage />,
  '/report': <ReportPage />,
  '/flags': <FlagsPage />,
  '/amogus': <AmogusPage />,
};

/** After each page transition the content area scrolls to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Route rules redirect before any part renders; an external target leaves the site. */
function AreaRoute({ manifest, routeRules }: { manifest: RemotesManifest; routeRules: RouteRules }) {
  const { pathname, search } = useLocation();
  const redirect = matchRouteRule(routeRules, pathname);
  useEffect(() => {
    if (redirect && isExternal(redirect)) window.location.assign(redirect);
  }, [redirect]);
  if (redirect) {
    if (isExternal(redirect)) return null;
    return <Navigate to={redirect.includes('?') ? redirect : redirect + search} replace />;
  }
  const area = areaForPath(pathname, manifest);
  if (!area) return <NotFound path={pathname} />;
  return <RemoteArea area={area} manifest={manifest} />;
}

export function App({
  manifest,
  routeRules: rulesPromise,
  initialLocale,
  initialMessages,
}: {
  manifest: RemotesManifest;
  /** loaded beside the first render (the server applies the same rules to a page load) */
  routeRules?: Promise<RouteRules>;
  initialLocale: Locale;
  initialMessages: Messages;
}) {
  const [routeRules, setRouteRules] = useState<RouteRules>({});
  useEffect(() => {
    let live = true;
    void rulesPromise?.then((r) => live && setRouteRules(r));
    return () => {
      live = false;
    };
  }, [rulesPromise]);
  useThemeEffect();
  useBuildWatch(manifest.buildId);
  return (
    <I18nRoot initial={initialLocale} initialMessages={initialMessages}>
      <LoadingBar />
      <ScrollToTop />
      <div className="shell">
        <StagingBanner />
        <BlockerNotice />
        <Header />
        <main className="shell-main" id="main">
          <Suspense fallback={<div className="shell-area-loading" aria-busy="true" />}>
            <Routes>
              {SHELL_PAGES.map((path) => (
                <Route key={path} path={path} element={OWN_PAGES[path]} />
              ))}
              <Route path="/legal/:doc" element={<LegalPage />} />
              <Route path="*" element={<AreaRoute manifest={manifest} routeRules={routeRules} />} />
            </Routes>
          </Suspense>
        </main>
        <Footer manifest={manifest} />
      </div>
      <Toasts />
    </I18nRoot>
  );
}

import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { useAtom } from 'jotai';
import { api, ApiError, DEFAULT_LOCALE, injectCss, loading, NotFound, sessionAtom, signInPath, useApi, type Locale, type User } from '@modshelf/web-kit';
import css from './dashboard.css';
import { Loading, useT } from './common';
import { HomePage } from './pages/HomePage';

function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loading.track(load()).then((c) => ({ default: c })));
}
const ProjectsPage = page(() => import('./pages/ProjectsPage').then((m) => m.ProjectsPage));
const NotificationsPage = page(() => import('./pages/NotificationsPage').then((m) => m.NotificationsPage));
const CollectionsPage = page(() => import('./pages/CollectionsPage').then((m) => m.CollectionsPage));
const OrganizationsPage = page(() => import('./pages/OrganizationsPage').then((m) => m.OrganizationsPage));
const ReportsPage = page(() => import('./pages/ReportsPage').then((m) => m.ReportsPage));
const ReportPage = page(() => import('./pages/ReportsPage').then((m) => m.ReportPage));
const AnalyticsPage = page(() => import('./pages/AnalyticsPage').then((m) => m.AnalyticsPage));
const RevenuePage = page(() => import('./pages/RevenuePage').then((m) => m.RevenuePage));

injectCss('dashboard', css);

type Messages = Record<string, string>;
const bundles = new Map<string, Promise<Messages>>();
/** The dashboard's own language bundle, fetched on demand (English is inline in the code). */
function loadOwnMessages(locale: string): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve({});
  let p = bundles.get(locale);
  if (!p) {
    p = import(/* webpackChunkName: "dashboard-messages" */ `./messages/${locale}.json`).then((m: { default: Messages }) => m.default);
    p.catch(() => bundles.delete(locale));
    bundles.set(locale, p);
  }
  return p;
}

let authChecks = 0;

/**
 * Anonymous visitors go to sign in and come back. The shell restores the session; when it has not
 * (yet), the dashboard asks the API itself, afresh on each entry (never from a cached answer read
 * before a sign-in).
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [session, setSession] = useAtom(sessionAtom);
  const [check] = useState(() => ++authChecks);
  const me = useApi<User | null>(session?.user ? null : `dashboard:me:${check}`, (signal) =>
    api.currentUser(signal).catch((e) => {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }),
  );
  useEffect(() => {
    if (me.data && !session?.user) setSession({ token: null, user: me.data });
  }, [me.data, session, setSession]);
  if (session?.user) return <>{children}</>;
  if ((me.data === undefined && !me.error) || me.data) return <Loading />;
  return <Navigate to={signInPath(location.pathname + location.search)} replace />;
}

function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const links = [
    { to: '/dashboard', end: true, label: t('nav.overview', 'Overview') },
    { to: '/dashboard/notifications', label: t('nav.notifications', 'Notifications') },
    { to: '/dashboard/reports', label: t('nav.reports', 'Active reports') },
    { to: '/dashboard/analytics', label: t('nav.analytics', 'Analytics') },
    { to: '/dashboard/projects', label: t('nav.projects', 'Projects') },
    { to: '/dashboard/organizations', label: t('nav.organizations', 'Organizations') },
    { to: '/dashboard/collections', label: t('nav.collections', 'Collections') },
    { to: '/dashboard/revenue', label: t('nav.revenue', 'Revenue') },
  ];
  return (
    <div className="dash-layout">
      <nav className="dash-nav ms-card" aria-label={t('nav.title', 'Dashboard')}>
        <h2>{t('nav.title', 'Dashboard')}</h2>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.end}>{l.label}</NavLink>
        ))}
      </nav>
      <div className="dash-page">{children}</div>
    </div>
  );
}

function Fallback404() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}

export default function DashboardRemote() {
  const parent = useIntl();
  const locale = parent.locale as Locale;
  const [own, setOwn] = useState<{ locale: string; messages: Messages }>({ locale: DEFAULT_LOCALE, messages: {} });
  const painted = useRef(false);

  useEffect(() => {
    if (own.locale === locale) return;
    let live = true;
    loadOwnMessages(locale).then(
      (messages) => live && setOwn({ locale, messages }),
      () => live && setOwn({ locale, messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale, own.locale]);

  if (!painted.current && own.locale !== locale && locale !== DEFAULT_LOCALE) return <Loading />;
  painted.current = true;

  return (
    <IntlProvider locale={locale} messages={{ ...(parent.messages as Messages), ...own.messages }} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
      <div className="dash" data-remote="dashboard" data-version={__PACKAGE_VERSION__}>
        <RequireAuth>
          <Layout>
            <Suspense fallback={<Loading />}>
              <Routes>
                <Route path="/dashboard" element={<HomePage />} />
                <Route path="/dashboard/projects" element={<ProjectsPage />} />
                <Route path="/dashboard/notifications" element={<NotificationsPage history={false} />} />
                <Route path="/dashboard/notifications/history" element={<NotificationsPage history />} />
                <Route path="/dashboard/collections" element={<CollectionsPage />} />
                <Route path="/dashboard/organizations" element={<OrganizationsPage />} />
                <Route path="/dashboard/reports" element={<ReportsPage />} />
                <Route path="/dashboard/report/:id" element={<ReportPage />} />
                <Route path="/dashboard/analytics" element={<AnalyticsPage />} />
                <Route path="/dashboard/revenue" element={<RevenuePage part="balance" />} />
                <Route path="/dashboard/revenue/transfers" element={<RevenuePage part="transfers" />} />
                <Route path="/dashboard/revenue/withdraw" element={<RevenuePage part="withdraw" />} />
                <Route path="*" element={<Fallback404 />} />
              </Routes>
            </Suspense>
          </Layout>
        </RequireAuth>
      </div>
    </IntlProvider>
  );
}

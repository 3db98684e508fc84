import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Route, Routes, useLocation } from 'react-router';
import { DEFAULT_LOCALE, injectCss, loading, NotFound, type Locale } from '@modshelf/web-kit';
import css from './moderation.css';
import { Loading, RequireStaff } from './common';
import { loadOwnMessages, type Messages } from './messages';

function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loading.track(load()).then((c) => ({ default: c })));
}
const OverviewPage = page(() => import('./pages/Overview').then((m) => m.OverviewPage));
const ReviewPage = page(() => import('./pages/Review').then((m) => m.ReviewPage));
const ReportsPage = page(() => import('./pages/Reports').then((m) => m.ReportsPage));
const ReportPage = page(() => import('./pages/Report').then((m) => m.ReportPage));
const AuditPage = page(() => import('./pages/Audit').then((m) => m.AuditPage));
const BillingPage = page(() => import('./pages/Billing').then((m) => m.BillingPage));

injectCss('moderation', css);

function Fallback404() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}

const staff = (el: ReactElement) => <RequireStaff>{() => el}</RequireStaff>;

/** /moderation/* (moderators and admins) and /admin/* (admins). */
export default function ModerationRemote() {
  const parent = useIntl();
  const locale = parent.locale as Locale;
  const [own, setOwn] = useState<{ locale: string; messages: Messages }>({ locale: DEFAULT_LOCALE, messages: {} });

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

  if (own.locale !== locale && locale !== DEFAULT_LOCALE && own.locale === DEFAULT_LOCALE) {
    // first paint in another language: wait for the bundle rather than flash English
    return <Loading />;
  }

  return (
    <IntlProvider locale={locale} messages={{ ...(parent.messages as Messages), ...own.messages }} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
      <div className="mod" data-remote="moderation" data-version={__PACKAGE_VERSION__}>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/moderation" element={staff(<OverviewPage />)} />
            <Route path="/moderation/review" element={staff(<ReviewPage />)} />
            <Route path="/moderation/reports" element={staff(<ReportsPage />)} />
            <Route path="/moderation/report/:id" element={staff(<ReportPage />)} />
            <Route path="/moderation/audit/:type/:id" element={staff(<AuditPage />)} />
            <Route path="/admin/billing/:id" element={<RequireStaff admin>{() => <BillingPage />}</RequireStaff>} />
            <Route path="*" element={<Fallback404 />} />
          </Routes>
        </Suspense>
      </div>
    </IntlProvider>
  );
}

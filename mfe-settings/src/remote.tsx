import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { DEFAULT_LOCALE, injectCss, loading, NotFound, type Locale } from '@modshelf/web-kit';
import css from './settings.css';
import { Loading, useSelf } from './common';
import { loadOwnMessages, type Messages } from './messages';
import { safeRedirect } from './lib/redirect';
import { SettingsLayout } from './settings/SettingsLayout';
import { SignInPage } from './auth/SignInPage';
// Sign-up is one click from sign-in and stays in the main chunk: loaded lazily, the sign-in form (its
// "Email or username" and "Password" fields) stayed on screen under the sign-up URL until it arrived.
import { SignUpPage } from './auth/SignUpPage';

function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loading.track(load()).then((c) => ({ default: c })));
}
const ResetPasswordPage = page(() => import('./auth/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const VerifyEmailPage = page(() => import('./auth/VerifyEmailPage').then((m) => m.VerifyEmailPage));
const WelcomePage = page(() => import('./auth/WelcomePage').then((m) => m.WelcomePage));
const AuthorizePage = page(() => import('./auth/AuthorizePage').then((m) => m.AuthorizePage));
const AppearancePage = page(() => import('./settings/AppearancePage').then((m) => m.AppearancePage));
const LanguagePage = page(() => import('./settings/LanguagePage').then((m) => m.LanguagePage));
const ProfilePage = page(() => import('./settings/ProfilePage').then((m) => m.ProfilePage));
const AccountPage = page(() => import('./settings/AccountPage').then((m) => m.AccountPage));
const PatsPage = page(() => import('./settings/PatsPage').then((m) => m.PatsPage));
const SessionsPage = page(() => import('./settings/SessionsPage').then((m) => m.SessionsPage));
const ApplicationsPage = page(() => import('./settings/ApplicationsPage').then((m) => m.ApplicationsPage));
const AuthorizationsPage = page(() => import('./settings/AuthorizationsPage').then((m) => m.AuthorizationsPage));
const BillingPage = page(() => import('./settings/BillingPage').then((m) => m.BillingPage));
const ChargesPage = page(() => import('./settings/BillingPage').then((m) => m.ChargesPage));

injectCss('settings', css);

function Fallback404() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}

/** /auth itself (the launcher's check): signed in goes on to where it was asked, else to sign in. */
function AuthIndex() {
  const me = useSelf();
  const { search } = useLocation();
  if (me.data === undefined && !me.error) return <Loading />;
  if (me.data) {
    return <Navigate to={safeRedirect(new URLSearchParams(search).get('redirect'), '/settings')} replace />;
  }
  return <Navigate to={`/auth/sign-in${search}`} replace />;
}

export default function SettingsRemote() {
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

  if (!painted.current && own.locale !== locale && locale !== DEFAULT_LOCALE) {
    // first paint in another language: wait for the bundle rather than flash English
    return <Loading />;
  }
  painted.current = true;

  return (
    <IntlProvider locale={locale} messages={{ ...(parent.messages as Messages), ...own.messages }} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
      <div className="set" data-remote="settings" data-version={__PACKAGE_VERSION__}>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/auth" element={<AuthIndex />} />
            <Route path="/auth/sign-in" element={<SignInPage />} />
            <Route path="/auth/sign-up" element={<SignUpPage />} />
            <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
            <Route path="/auth/verify-email" element={<VerifyEmailPage />} />
            <Route path="/auth/welcome" element={<WelcomePage />} />
            <Route path="/auth/authorize" element={<AuthorizePage />} />
            <Route path="/settings" element={<SettingsLayout><AppearancePage /></SettingsLayout>} />
            <Route path="/settings/language" element={<SettingsLayout><LanguagePage /></SettingsLayout>} />
            <Route path="/settings/profile" element={<SettingsLayout><ProfilePage /></SettingsLayout>} />
            <Route path="/settings/account" element={<SettingsLayout><AccountPage /></SettingsLayout>} />
            <Route path="/settings/pats" element={<SettingsLayout><PatsPage /></SettingsLayout>} />
            <Route path="/settings/sessions" element={<SettingsLayout><SessionsPage /></SettingsLayout>} />
            <Route path="/settings/applications" element={<SettingsLayout><ApplicationsPage /></SettingsLayout>} />
            <Route path="/settings/authorizations" element={<SettingsLayout><AuthorizationsPage /></SettingsLayout>} />
            <Route path="/settings/billing" element={<SettingsLayout><BillingPage /></SettingsLayout>} />
            <Route path="/settings/billing/charges" element={<SettingsLayout><ChargesPage /></SettingsLayout>} />
            <Route path="*" element={<Fallback404 />} />
          </Routes>
        </Suspense>
      </div>
    </IntlProvider>
  );
}

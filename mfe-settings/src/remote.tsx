import { defineRemote, lazyPage, type RemoteRoute } from '@modshelf/web-kit';
import css from './settings.css';
import { loadOwnMessages } from './messages';
import { SettingsLayout } from './settings/SettingsLayout';
import { AuthIndex } from './auth/AuthIndex';
import { SignInPage } from './auth/SignInPage';
// Sign-up is one click from sign-in and stays in the main chunk: loaded lazily, the sign-in form (its
// "Email or username" and "Password" fields) stayed on screen under the sign-up URL until it arrived.
import { SignUpPage } from './auth/SignUpPage';

const ResetPasswordPage = lazyPage(() => import('./auth/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const VerifyEmailPage = lazyPage(() => import('./auth/VerifyEmailPage').then((m) => m.VerifyEmailPage));
const WelcomePage = lazyPage(() => import('./auth/WelcomePage').then((m) => m.WelcomePage));
const AuthorizePage = lazyPage(() => import('./auth/AuthorizePage').then((m) => m.AuthorizePage));
const AppearancePage = lazyPage(() => import('./settings/AppearancePage').then((m) => m.AppearancePage));
const LanguagePage = lazyPage(() => import('./settings/LanguagePage').then((m) => m.LanguagePage));
const ProfilePage = lazyPage(() => import('./settings/ProfilePage').then((m) => m.ProfilePage));
const AccountPage = lazyPage(() => import('./settings/AccountPage').then((m) => m.AccountPage));
const PatsPage = lazyPage(() => import('./settings/PatsPage').then((m) => m.PatsPage));
const SessionsPage = lazyPage(() => import('./settings/SessionsPage').then((m) => m.SessionsPage));
const ApplicationsPage = lazyPage(() => import('./settings/ApplicationsPage').then((m) => m.ApplicationsPage));
const AuthorizationsPage = lazyPage(() => import('./settings/AuthorizationsPage').then((m) => m.AuthorizationsPage));
const BillingPage = lazyPage(() => import('./settings/BillingPage').then((m) => m.BillingPage));
const ChargesPage = lazyPage(() => import('./settings/BillingPage').then((m) => m.ChargesPage));

const routes: RemoteRoute[] = [
  { path: '/auth', element: <AuthIndex /> },
  { path: '/auth/sign-in', element: <SignInPage /> },
  { path: '/auth/sign-up', element: <SignUpPage /> },
  { path: '/auth/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth/verify-email', element: <VerifyEmailPage /> },
  { path: '/auth/welcome', element: <WelcomePage /> },
  { path: '/auth/authorize', element: <AuthorizePage /> },
  {
    path: '/settings',
    element: (
      <SettingsLayout>
        <AppearancePage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/language',
    element: (
      <SettingsLayout>
        <LanguagePage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/profile',
    element: (
      <SettingsLayout>
        <ProfilePage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/account',
    element: (
      <SettingsLayout>
        <AccountPage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/pats',
    element: (
      <SettingsLayout>
        <PatsPage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/sessions',
    element: (
      <SettingsLayout>
        <SessionsPage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/applications',
    element: (
      <SettingsLayout>
        <ApplicationsPage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/authorizations',
    element: (
      <SettingsLayout>
        <AuthorizationsPage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/billing',
    element: (
      <SettingsLayout>
        <BillingPage />
      </SettingsLayout>
    ),
  },
  {
    path: '/settings/billing/charges',
    element: (
      <SettingsLayout>
        <ChargesPage />
      </SettingsLayout>
    ),
  },
];

export default defineRemote({
  name: 'settings',
  className: 'set',
  version: __PACKAGE_VERSION__,
  css,
  messages: loadOwnMessages,
  routes,
});

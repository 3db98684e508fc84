import { defineRemote, invalidateApiCache, lazyPage, messagesLoader, type RemoteRoute } from '@modshelf/web-kit';
import css from './moderation.css';
import { Forbidden, useMe } from './access';

const OverviewPage = lazyPage(() => import('./pages/Overview').then((m) => m.OverviewPage));
const ReviewPage = lazyPage(() => import('./pages/Review').then((m) => m.ReviewPage));
const ReportsPage = lazyPage(() => import('./pages/Reports').then((m) => m.ReportsPage));
const ReportPage = lazyPage(() => import('./pages/Report').then((m) => m.ReportPage));
const AuditPage = lazyPage(() => import('./pages/Audit').then((m) => m.AuditPage));
const BillingPage = lazyPage(() => import('./pages/Billing').then((m) => m.BillingPage));

/** /moderation/* (moderators and admins) and /admin/* (admins). */
const routes: RemoteRoute[] = [
  { path: '/moderation', element: <OverviewPage />, need: 'staff' },
  { path: '/moderation/review', element: <ReviewPage />, need: 'staff' },
  { path: '/moderation/reports', element: <ReportsPage />, need: 'staff' },
  { path: '/moderation/report/:id', element: <ReportPage />, need: 'staff' },
  { path: '/moderation/audit/:type/:id', element: <AuditPage />, need: 'staff' },
  { path: '/admin/billing/:id', element: <BillingPage />, need: 'admin' },
];

export default defineRemote({
  name: 'moderation',
  className: 'mod',
  version: __PACKAGE_VERSION__,
  css,
  messages: messagesLoader((locale) => import(/* webpackChunkName: "moderation-messages" */ `./messages/${locale}.json`)),
  routes,
  auth: {
    useUser: useMe,
    Forbidden,
    // after signing in, come back to a fresh answer rather than this cached "anonymous"
    onSignIn: () => invalidateApiCache('moderation:me'),
  },
});

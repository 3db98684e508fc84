import { defineRemote, lazyPage, messagesLoader, type RemoteRoute } from '@modshelf/web-kit';
import css from './dashboard.css';
import { DashboardLayout } from './DashboardLayout';
import { HomePage } from './pages/HomePage';
import { useSignedIn } from './signed-in';

const ProjectsPage = lazyPage(() => import('./pages/ProjectsPage').then((m) => m.ProjectsPage));
const NotificationsPage = lazyPage(() => import('./pages/NotificationsPage').then((m) => m.NotificationsPage));
const CollectionsPage = lazyPage(() => import('./pages/CollectionsPage').then((m) => m.CollectionsPage));
const OrganizationsPage = lazyPage(() => import('./pages/OrganizationsPage').then((m) => m.OrganizationsPage));
const ReportsPage = lazyPage(() => import('./pages/ReportsPage').then((m) => m.ReportsPage));
const ReportPage = lazyPage(() => import('./pages/ReportsPage').then((m) => m.ReportPage));
const AnalyticsPage = lazyPage(() => import('./pages/AnalyticsPage').then((m) => m.AnalyticsPage));
const RevenuePage = lazyPage(() => import('./pages/RevenuePage').then((m) => m.RevenuePage));

const routes: RemoteRoute[] = [
  { path: '/dashboard', element: <HomePage /> },
  { path: '/dashboard/projects', element: <ProjectsPage /> },
  { path: '/dashboard/notifications', element: <NotificationsPage history={false} /> },
  { path: '/dashboard/notifications/history', element: <NotificationsPage history /> },
  { path: '/dashboard/collections', element: <CollectionsPage /> },
  { path: '/dashboard/organizations', element: <OrganizationsPage /> },
  { path: '/dashboard/reports', element: <ReportsPage /> },
  { path: '/dashboard/report/:id', element: <ReportPage /> },
  { path: '/dashboard/analytics', element: <AnalyticsPage /> },
  { path: '/dashboard/revenue', element: <RevenuePage part="balance" /> },
  { path: '/dashboard/revenue/transfers', element: <RevenuePage part="transfers" /> },
  { path: '/dashboard/revenue/withdraw', element: <RevenuePage part="withdraw" /> },
];

/** Every dashboard page (its 404 too) is behind sign-in. */
export default defineRemote({
  name: 'dashboard',
  className: 'dash',
  version: __PACKAGE_VERSION__,
  css,
  messages: messagesLoader((locale) => import(/* webpackChunkName: "dashboard-messages" */ `./messages/${locale}.json`)),
  routes,
  auth: { useUser: useSignedIn, need: 'user' },
  Layout: DashboardLayout,
});

import { defineRemote, lazyPage, messagesLoader, type RemoteRoute } from '@modshelf/web-kit';
import css from './catalogue.css';
import { HomePage } from './pages/HomePage';

// pages other than home load on first use; the chunk names are package.json's modshelf.pages (the server preloads them)
const SearchPage = lazyPage(() => import(/* webpackChunkName: "page-search" */ './pages/SearchPage').then((m) => m.SearchPage));
const ProjectPage = lazyPage(() => import(/* webpackChunkName: "page-project" */ './project/ProjectPage').then((m) => m.ProjectPage));
const UserPage = lazyPage(() => import(/* webpackChunkName: "page-user" */ './pages/UserPage').then((m) => m.UserPage));
const OrganizationPage = lazyPage(() => import(/* webpackChunkName: "page-organization" */ './pages/OrganizationPage').then((m) => m.OrganizationPage));
const CollectionPage = lazyPage(() => import(/* webpackChunkName: "page-collection" */ './pages/CollectionPage').then((m) => m.CollectionPage));

const PROJECT_TYPES = ['mod', 'modpack', 'server', 'behaviorpack', 'project'];

const routes: RemoteRoute[] = [
  { path: '/', element: <HomePage /> },
  { path: '/mods', element: <SearchPage type="mod" /> },
  { path: '/modpacks', element: <SearchPage type="modpack" /> },
  { path: '/servers', element: <SearchPage type="server" /> },
  ...PROJECT_TYPES.map((t) => ({ path: `/${t}/:id/*`, element: <ProjectPage urlType={t} /> })),
  { path: '/user/:id/:projectType?', element: <UserPage /> },
  { path: '/organization/:id/:projectType?', element: <OrganizationPage /> },
  { path: '/organization/:id/settings/*', element: <OrganizationPage /> },
  { path: '/collection/:id/:projectType?', element: <CollectionPage /> },
];

export default defineRemote({
  name: 'catalogue',
  className: 'cat',
  version: __PACKAGE_VERSION__,
  css,
  messages: messagesLoader((locale) => import(/* webpackChunkName: "catalogue-messages" */ `./messages/${locale}.json`)),
  routes,
});

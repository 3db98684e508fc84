import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { getDefaultStore } from 'jotai';
import { injectCss, localeAtom, tokensCss } from '@modshelf/web-kit';
import { App } from './App';
import shellCss from './shell.css';
import { loadManifest, loadRouteRules, startLoadingArea } from './remotes';
import { initialLocale, loadMessages } from './i18n';
import { initPreferences, initSiteInfo } from './prefs';
import { restoreSession } from './session';

injectCss('tokens', tokensCss);
injectCss('shell', shellCss);

async function start(): Promise<void> {
  const locale = initialLocale();
  getDefaultStore().set(localeAtom, locale);
  initPreferences();
  const [manifest, messages] = await Promise.all([
    loadManifest().then((m) => {
      startLoadingArea(m, window.location.pathname);
      return m;
    }),
    loadMessages(locale).catch(() => ({})),
  ]);
  initSiteInfo(manifest);
  void restoreSession();
  createRoot(document.getElementById('app')!).render(
    <BrowserRouter>
      <App manifest={manifest} routeRules={loadRouteRules(manifest.buildId)} initialLocale={locale} initialMessages={messages} />
    </BrowserRouter>,
  );
}

void start();

import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { NotFound } from '@modshelf/web-kit';
import { areaForPath, type RemotesManifest } from './areas';
import { useBuildWatch } from './build-watch';
import { Footer } from './Footer';
import { Header } from './Header';
import { I18nRoot, type Messages } from './i18n';
import { LoadingBar } from './LoadingBar';
import { LegalPage } from './pages/LegalPage';
import { ReportPage } from './pages/ReportPage';
import { FlagsPage } from './pages/FlagsPage';
import { AmogusPage } from './pages/AmogusPage';
import { useThemeEffect } from './prefs';
import { RemoteArea } from './remotes';
import { Toasts } from './Toasts';
import type { Locale } from '@modshelf/web-kit';

/** After each page transition the content area scrolls to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function AreaRoute({ manifest }: { manifest: RemotesManifest }) {
  const { pathname } = useLocation();
  const area = areaForPath(pathname, manifest);
  if (!area) return <NotFound path={pathname} />;
  return <RemoteArea area={area} manifest={manifest} />;
}

export function App({ manifest, initialLocale, initialMessages }: { manifest: RemotesManifest; initialLocale: Locale; initialMessages: Messages }) {
  useThemeEffect();
  useBuildWatch(manifest.buildId);
  return (
    <I18nRoot initial={initialLocale} initialMessages={initialMessages}>
      <LoadingBar />
      <ScrollToTop />
      <div className="shell">
        <Header />
        <main className="shell-main" id="main">
          <Routes>
            <Route path="/legal" element={<LegalPage />} />
            <Route path="/legal/:doc" element={<LegalPage />} />
            <Route path="/report" element={<ReportPage />} />
            <Route path="/flags" element={<FlagsPage />} />
            <Route path="/amogus" element={<AmogusPage />} />
            <Route path="*" element={<AreaRoute manifest={manifest} />} />
          </Routes>
        </main>
        <Footer manifest={manifest} />
      </div>
      <Toasts />
    </I18nRoot>
  );
}

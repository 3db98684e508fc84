import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAtom, useAtomValue } from 'jotai';
import {
  COLOR_MODES,
  colorModeAtom,
  developerModeAtom,
  siteInfoAtom,
  localeAtom,
  LOCALE_NAMES,
  LOCALES,
  saveColorMode,
  type ColorMode,
  type Locale,
} from '@modshelf/web-kit';
import type { RemotesManifest } from './areas';

const MODE_LABELS: Record<ColorMode, { id: string; defaultMessage: string }> = {
  system: { id: 'theme.system', defaultMessage: 'Sync with system' },
  light: { id: 'theme.light', defaultMessage: 'Light' },
  dark: { id: 'theme.dark', defaultMessage: 'Dark' },
  oled: { id: 'theme.oled', defaultMessage: 'OLED' },
  retro: { id: 'theme.retro', defaultMessage: 'Retro' },
};

export function Footer({ manifest }: { manifest: RemotesManifest }) {
  const intl = useIntl();
  const [locale, setLocale] = useAtom(localeAtom);
  const [mode, setMode] = useAtom(colorModeAtom);
  const devMode = useAtomValue(developerModeAtom);
  const site = useAtomValue(siteInfoAtom);
  return (
    <footer className="shell-footer">
      <div className="shell-footer__inner">
        <nav className="shell-footer__links" aria-label={intl.formatMessage({ id: 'footer.legal', defaultMessage: 'Legal' })}>
          <Link to="/legal/terms">
            <FormattedMessage id="footer.terms" defaultMessage="Terms" />
          </Link>
          <Link to="/legal/privacy">
            <FormattedMessage id="footer.privacy" defaultMessage="Privacy" />
          </Link>
          <Link to="/legal/rules">
            <FormattedMessage id="footer.rules" defaultMessage="Content rules" />
          </Link>
          <Link to="/legal/copyright">
            <FormattedMessage id="footer.copyright" defaultMessage="Copyright policy" />
          </Link>
          <Link to="/legal/security">
            <FormattedMessage id="footer.security" defaultMessage="Security notice" />
          </Link>
          <Link to="/report">
            <FormattedMessage id="footer.report" defaultMessage="Report" />
          </Link>
          {/* a page of the server, not of the shell: a full page load */}
          <a href="/docs/api">
            <FormattedMessage id="footer.api" defaultMessage="API reference" />
          </a>
          <a href={site.communityUrl} target="_blank" rel="noopener noreferrer" data-testid="community-link">
            <FormattedMessage id="footer.community" defaultMessage="Community" />
          </a>
        </nav>
        <div className="shell-footer__controls">
          <label>
            <span className="ms-muted">
              <FormattedMessage id="footer.language" defaultMessage="Language" />
            </span>{' '}
            <select className="ms-input" name="language" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="ms-muted">
              <FormattedMessage id="footer.theme" defaultMessage="Theme" />
            </span>{' '}
            <select
              className="ms-input"
              name="theme"
              value={mode}
              onChange={(e) => {
                const m = e.target.value as ColorMode;
                setMode(m);
                saveColorMode(m);
              }}
            >
              {COLOR_MODES.map((m) => (
                <option key={m} value={m}>
                  {intl.formatMessage(MODE_LABELS[m])}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="ms-muted shell-footer__note">
          <FormattedMessage id="footer.note" defaultMessage="Modshelf is a community catalogue. Not an official game product." />
        </p>
        {devMode && (
          <p className="ms-muted shell-footer__build" data-testid="build-info">
            shell {__PACKAGE_VERSION__} · build {manifest.buildId.slice(0, 10)} · {manifest.remotes.map((r) => `${r.name} ${r.version}`).join(' · ')}
          </p>
        )}
      </div>
    </footer>
  );
}

import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from 'react-router';
import { useAtom, useAtomValue } from 'jotai';
import {
  colorModeAtom,
  cycleColorMode,
  DEVELOPER_MODE_CLICKS,
  DeveloperModeCounter,
  developerModeAtom,
  displayPreferencesAtom,
  Logo,
  resolveTheme,
  saveColorMode,
  sessionAtom,
  signInPath,
  toasts,
} from '@modshelf/web-kit';
import { HeaderSearch } from './HeaderSearch';
import { saveDeveloperMode } from './prefs';
import { isStaff, UserMenu } from './UserMenu';

export function Header() {
  const intl = useIntl();
  const location = useLocation();
  const session = useAtomValue(sessionAtom);
  const [mode, setMode] = useAtom(colorModeAtom);
  const prefs = useAtomValue(displayPreferencesAtom);
  const [devMode, setDevMode] = useAtom(developerModeAtom);
  const counter = useRef(new DeveloperModeCounter(DEVELOPER_MODE_CLICKS));

  const onLogo = () => {
    if (counter.current.click()) {
      const next = !devMode;
      setDevMode(next);
      saveDeveloperMode(next);
      toasts.add({
        title: intl.formatMessage(
          next ? { id: 'devmode.on', defaultMessage: 'Developer mode enabled' } : { id: 'devmode.off', defaultMessage: 'Developer mode disabled' },
        ),
        type: 'info',
      });
    }
  };

  const onCycle = () => {
    const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const next = cycleColorMode(resolveTheme(mode, systemDark, prefs.preferredDarkTheme), prefs.preferredDarkTheme);
    setMode(next);
    saveColorMode(next);
  };

  return (
    <header className="shell-header">
      <div className="shell-header__inner">
        <Link to="/" className="shell-logo" onClick={onLogo} aria-label="Modshelf">
          <Logo aria-hidden="true" />
          <span>Modshelf</span>
          {devMode && (
            <span className="shell-badge" data-testid="devmode">
              dev
            </span>
          )}
        </Link>
        <nav className="shell-nav" aria-label={intl.formatMessage({ id: 'nav.label', defaultMessage: 'Main' })}>
          <NavLink to="/mods">
            <FormattedMessage id="nav.mods" defaultMessage="Mods" />
          </NavLink>
          <NavLink to="/modpacks">
            <FormattedMessage id="nav.modpacks" defaultMessage="Modpacks" />
          </NavLink>
          <NavLink to="/servers">
            <FormattedMessage id="nav.servers" defaultMessage="Servers" />
          </NavLink>
        </nav>
        <HeaderSearch />
        <button
          type="button"
          className="ms-btn shell-theme-toggle"
          onClick={onCycle}
          aria-label={intl.formatMessage({ id: 'header.cycleTheme', defaultMessage: 'Change theme' })}
          title={intl.formatMessage({ id: 'header.cycleTheme', defaultMessage: 'Change theme' })}
        >
          ◐
        </button>
        {session ? (
          <span className="shell-user">
            {/* staff get a way in from the header; the rest sits in the user menu */}
            {isStaff(session.user) && (
              <Link to="/moderation">
                <FormattedMessage id="nav.moderation" defaultMessage="Moderation" />
              </Link>
            )}
            {session.user ? (
              <UserMenu user={session.user} />
            ) : (
              <Link to="/dashboard">
                <FormattedMessage id="nav.dashboard" defaultMessage="Dashboard" />
              </Link>
            )}
          </span>
        ) : (
          <Link className="ms-btn ms-btn--primary" to={signInPath(location.pathname + location.search)}>
            <FormattedMessage id="header.signIn" defaultMessage="Sign in" />
          </Link>
        )}
      </div>
    </header>
  );
}

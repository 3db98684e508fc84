import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAtom } from 'jotai';
import { DEFAULT_LOCALE, ERRORS, localeAtom, LOCALE_NAMES, LOCALES, type Locale } from '@modshelf/web-kit';
import { useT } from '../common';
import { systemLocale } from '../lib/forms';
import { loadOwnMessages } from '../messages';
import { PageTitle } from './SettingsLayout';

const AUTO_KEY = 'modshelf:language-auto';

export function isAutomatic(): boolean {
  try {
    return localStorage.getItem(AUTO_KEY) === 'true';
  } catch {
    return false;
  }
}

function setAutomatic(on: boolean): void {
  try {
    if (on) localStorage.setItem(AUTO_KEY, 'true');
    else localStorage.removeItem(AUTO_KEY);
  } catch {
    /* storage blocked */
  }
}

export function browserLocale(): Locale {
  return systemLocale(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language], LOCALES, DEFAULT_LOCALE) as Locale;
}

type Status = { kind: 'idle' } | { kind: 'applying'; target: Locale; from: Locale; handed: boolean } | { kind: 'error' };

/**
 * Automatic (the browser's language) or a chosen one. Choosing loads this part's bundle, then asks
 * the shell (the shared locale atom) to switch; 'applying' lasts until the page speaks the new
 * language. A bundle that fails to load, here or in the shell (which then switches back), is the error state.
 */
export function LanguagePage() {
  const t = useT();
  const intl = useIntl();
  const [requested, setRequested] = useAtom(localeAtom);
  const [auto, setAuto] = useState(isAutomatic);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // the radio follows the click at once; the language itself follows when it has loaded
  const [chosen, setChosen] = useState<Locale | null>(null);
  const selected = chosen ?? requested;
  const statusRef = useRef(status);
  statusRef.current = status;

  // done when the page speaks the target language; failed when the shell switched back
  useEffect(() => {
    if (status.kind !== 'applying') return;
    if (intl.locale === status.target) {
      setStatus({ kind: 'idle' });
      setChosen(null);
    } else if (status.handed && requested !== status.target) {
      // the shell could not load it and went back
      setStatus({ kind: 'error' });
      setChosen(null);
    }
  }, [intl.locale, requested, status]);

  const apply = (target: Locale) => {
    if (target === intl.locale && target === requested) {
      setStatus({ kind: 'idle' });
      return;
    }
    const from = intl.locale as Locale;
    setChosen(target);
    setStatus({ kind: 'applying', target, from, handed: false });
    loadOwnMessages(target).then(
      () => {
        const s = statusRef.current;
        if (s.kind !== 'applying' || s.target !== target) return;
        setStatus({ ...s, handed: true });
        setRequested(target);
      },
      () => {
        setStatus({ kind: 'error' });
        setChosen(null);
      },
    );
  };

  const chooseAuto = (on: boolean) => {
    setAuto(on);
    setAutomatic(on);
    if (on) apply(browserLocale());
  };

  const languages = [...LOCALES];
  return (
    <>
      <PageTitle id="settings.language" title="Language" />
      <section className="ms-card set-card" data-testid="language" data-status={status.kind}>
        <p className="ms-muted" style={{ margin: 0 }}>{t('language.lead', 'Choose the language of the site. Translations are made by the community.')}</p>
        {status.kind === 'applying' && <p role="status" data-testid="language-applying">{t('language.applying', 'Applying language…')}</p>}
        {status.kind === 'error' && <p className="set-error" role="alert" data-testid="language-error">{t('language.error', ERRORS.languageLoad)}</p>}
        <fieldset className="set-form" style={{ border: 0, padding: 0, margin: 0 }} disabled={status.kind === 'applying'}>
          <legend style={{ fontWeight: 700, marginBottom: 6 }}>{t('language.automatic.group', 'Automatic')}</legend>
          <label className="set-check">
            <input type="radio" name="language" value="auto" checked={auto} onChange={() => chooseAuto(true)} />
            <span>
              {t('language.automatic', 'Sync with the system language')}{' '}
              <small className="ms-muted">({LOCALE_NAMES[browserLocale()]})</small>
            </span>
          </label>
          <legend style={{ fontWeight: 700, margin: '10px 0 6px' }}>{t('language.standard', 'Standard languages')}</legend>
          {languages.map((l) => (
            <label key={l} className="set-check">
              <input
                type="radio"
                name="language"
                value={l}
                checked={!auto && selected === l}
                onChange={() => {
                  setAuto(false);
                  setAutomatic(false);
                  apply(l);
                }}
              />
              <span lang={l}>{LOCALE_NAMES[l]}</span>
            </label>
          ))}
        </fieldset>
      </section>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAtom } from 'jotai';
import { DEFAULT_LOCALE, ERRORS, LOCALE_NAMES, localeAtom, LOCALES, useT, type Locale } from '@modshelf/web-kit';
import { systemLocale } from '../lib/forms';
import { loadOwnMessages } from '../messages';
import { PageTitle } from './SettingsLayout';
import { GROUPS, LANGUAGES, displayLocale, isTranslated, searchLanguages, type Language, type LanguageGroup } from '../lib/languages';

const AUTO_KEY = 'modshelf:language-auto';
/** a chosen language without a translation (the site then speaks en-US) */
const CHOICE_KEY = 'modshelf:language-choice';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}
function storeChoice(code: string | null): void {
  try {
    if (code && !isTranslated(code)) localStorage.setItem(CHOICE_KEY, code);
    else localStorage.removeItem(CHOICE_KEY);
  } catch {
    /* storage blocked */
  }
}

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
  return systemLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]), LOCALES, DEFAULT_LOCALE) as Locale;
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
  // an untranslated language stays the visitor's choice while the site speaks en-US
  const [untranslated, setUntranslated] = useState<string | null>(() => (requested === DEFAULT_LOCALE ? storedChoice() : null));
  const [query, setQuery] = useState('');
  const selected: string = untranslated ?? chosen ?? requested;
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
    if (on) {
      setUntranslated(null);
      storeChoice(null);
      apply(browserLocale());
    }
  };

  const choose = (code: string) => {
    setAuto(false);
    setAutomatic(false);
    const fallback = !isTranslated(code);
    setUntranslated(fallback ? code : null);
    storeChoice(fallback ? code : null);
    apply(displayLocale(code));
  };

  const groupTitle: Record<LanguageGroup, string> = {
    standard: t('language.standard', 'Standard languages'),
    experimental: t('language.experimental', 'Experimental languages'),
    fun: t('language.fun', 'Fun languages'),
  };
  const results = searchLanguages(query);
  const sections: Array<{ key: string; title: string; items: Language[] }> = query.trim()
    ? [{ key: 'search', title: t('language.results', 'Search results'), items: results }]
    : GROUPS.map((g) => ({ key: g, title: groupTitle[g], items: LANGUAGES.filter((l) => l.group === g) }));
  const fallbackName = untranslated ? (LANGUAGES.find((l) => l.code === untranslated)?.name ?? untranslated) : null;
  return (
    <>
      <PageTitle id="settings.language" title="Language" />
      <section className="ms-card set-card" data-testid="language" data-status={status.kind}>
        <p className="ms-muted" style={{ margin: 0 }}>
          {t('language.lead', 'Choose the language of the site. Translations are made by the community.')}
        </p>
        {status.kind === 'applying' && (
          <p role="status" data-testid="language-applying">
            {t('language.applying', 'Applying language…')}
          </p>
        )}
        {status.kind === 'error' && (
          <p className="set-error" role="alert" data-testid="language-error">
            {t('language.error', ERRORS.languageLoad)}
          </p>
        )}
        {fallbackName && (
          <p role="note" data-testid="language-fallback">
            {t('language.fallback', '{name} has no translation yet, so the site is shown in English (US). Your choice is kept for when it arrives.', {
              name: fallbackName,
            })}
          </p>
        )}
        <label className="set-form" style={{ maxWidth: 360 }}>
          <span>{t('language.search', 'Search for a language')}</span>
          <input type="search" className="ms-input" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="language-search" />
        </label>
        <fieldset className="set-form" style={{ border: 0, padding: 0, margin: 0 }} disabled={status.kind === 'applying'}>
          <legend style={{ fontWeight: 700, marginBottom: 6 }}>{t('language.automatic.group', 'Automatic')}</legend>
          <label className="set-check">
            <input type="radio" name="language" value="auto" checked={auto} onChange={() => chooseAuto(true)} />
            <span>
              {t('language.automatic', 'Sync with the system language')} <small className="ms-muted">({LOCALE_NAMES[browserLocale()]})</small>
            </span>
          </label>
          {sections.map((sec) => (
            <div key={sec.key} role="group" aria-labelledby={`language-group-${sec.key}`} data-group={sec.key}>
              <h2 id={`language-group-${sec.key}`} className="set-language-group">
                {sec.title}
              </h2>
              {sec.items.length === 0 && (
                <p className="ms-muted" data-testid="language-no-results">
                  {t('language.noResults', 'No language matches your search.')}
                </p>
              )}
              {sec.items.map((l) => (
                <label key={l.code} className="set-check">
                  <input
                    type="radio"
                    name="language"
                    value={l.code}
                    aria-label={l.name}
                    aria-describedby={`language-note-${l.code}`}
                    checked={!auto && selected === l.code}
                    onChange={() => choose(l.code)}
                  />
                  <span lang={l.code}>{l.name}</span>
                  <small className="ms-muted" id={`language-note-${l.code}`}>
                    {l.name !== l.english ? l.english : ''}
                    {!isTranslated(l.code) && <span data-untranslated=""> · {t('language.untranslated', 'not translated yet')}</span>}
                  </small>
                </label>
              ))}
            </div>
          ))}
        </fieldset>
      </section>
    </>
  );
}

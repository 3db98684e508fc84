import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { atom, useAtom, useSetAtom } from 'jotai';
import {
  alternateLinks,
  DEFAULT_LOCALE,
  ERRORS,
  HL_PARAM,
  isLocale,
  localeAtom,
  readLanguageCookie,
  resolveLocale,
  saveLanguageCookie,
  toasts,
  withLocale,
  type Locale,
} from '@modshelf/web-kit';

export type Messages = Record<string, string>;

/** 'applying' while a language bundle loads, 'error' when it failed. */
export const localeStatusAtom = atom<'idle' | 'applying' | 'error'>('idle');

export function initialLocale(): Locale {
  return resolveLocale(new URLSearchParams(window.location.search).get(HL_PARAM), readLanguageCookie());
}

/** The shell's own bundle for a language, fetched on demand. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return {};
  const mod = (await import(/* webpackChunkName: "shell-messages" */ `./messages/${locale}.json`)) as { default: Messages };
  return mod.default;
}

function updateHead(locale: Locale, url: string): void {
  document.documentElement.lang = locale;
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((l) => l.remove());
  for (const alt of alternateLinks(window.location.origin, url)) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alt.hreflang;
    link.href = alt.href;
    document.head.appendChild(link);
  }
}

/** Keeps the language, the hl query parameter, the cookie and the alternate links in step. */
export function I18nRoot({ initial, initialMessages, children }: { initial: Locale; initialMessages: Messages; children: ReactNode }) {
  const [requested, setRequested] = useAtom(localeAtom);
  const setStatus = useSetAtom(localeStatusAtom);
  const [active, setActive] = useState<{ locale: Locale; messages: Messages }>({ locale: initial, messages: initialMessages });
  const location = useLocation();
  const navigate = useNavigate();
  const seenHl = useRef<string | null>(new URLSearchParams(location.search).get(HL_PARAM));
  // URL -> language (a link carrying hl), and language -> URL (hl added or removed).
  useEffect(() => {
    const hl = new URLSearchParams(location.search).get(HL_PARAM);
    const changed = hl !== seenHl.current;
    seenHl.current = hl;
    if (changed && isLocale(hl) && hl !== requested) {
      setRequested(hl);
      return;
    }
    const current = location.pathname + location.search + location.hash;
    const wanted = withLocale(current, requested);
    if (wanted !== current) {
      seenHl.current = new URLSearchParams(new URL(wanted, 'http://x').search).get(HL_PARAM);
      navigate(wanted, { replace: true });
    }
  }, [location.pathname, location.search, location.hash, requested, navigate, setRequested]);

  // Load the requested language's bundle; on failure keep the current one and say so.
  useEffect(() => {
    if (requested === active.locale) return;
    let live = true;
    setStatus('applying');
    loadMessages(requested).then(
      (messages) => {
        if (!live) return;
        setActive({ locale: requested, messages });
        saveLanguageCookie(requested);
        setStatus('idle');
      },
      () => {
        if (!live) return;
        setStatus('error');
        toasts.add({ title: ERRORS.languageLoad, type: 'error' });
        setRequested(active.locale);
      },
    );
    return () => {
      live = false;
    };
  }, [requested, active.locale, setRequested, setStatus]);

  useEffect(() => {
    updateHead(active.locale, location.pathname + location.search);
  }, [active.locale, location.pathname, location.search]);

  return (
    <IntlProvider locale={active.locale} messages={active.messages} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
      {children}
    </IntlProvider>
  );
}

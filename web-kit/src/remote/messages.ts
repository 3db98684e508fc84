/** A part's own language bundles: loaded on demand, cached per locale, retried when a load fails. */
import { DEFAULT_LOCALE } from '../constants';

export type Messages = Record<string, string>;

/** Loads a locale's bundle, e.g. (locale) => import(`./messages/${locale}.json`). */
export type MessagesImport = (locale: string) => Promise<{ default: Messages }>;

export type MessagesLoader = (locale: string) => Promise<Messages>;

/**
 * One bundle per locale, fetched once and shared by every caller. A failed fetch is tried again at
 * once (`retries` times), and if it still fails the cache forgets it, so the next call fetches anew.
 * English is inline in the code: the default locale has no bundle.
 */
export function messagesLoader(load: MessagesImport, { retries = 1 }: { retries?: number } = {}): MessagesLoader {
  const cache = new Map<string, Promise<Messages>>();
  const attempt = (locale: string, left: number): Promise<Messages> =>
    load(locale).then(
      (m) => m.default,
      (e: unknown) => (left > 0 ? attempt(locale, left - 1) : Promise.reject(e)),
    );
  return (locale) => {
    if (locale === DEFAULT_LOCALE) return Promise.resolve({});
    let p = cache.get(locale);
    if (!p) {
      p = attempt(locale, retries);
      p.catch(() => cache.delete(locale));
      cache.set(locale, p);
    }
    return p;
  };
}

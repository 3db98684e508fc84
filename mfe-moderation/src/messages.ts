import { DEFAULT_LOCALE } from '@modshelf/web-kit';

export type Messages = Record<string, string>;

const cache = new Map<string, Promise<Messages>>();

/** This part's own language bundle, fetched on demand (English is inline in the code). */
export function loadOwnMessages(locale: string): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve({});
  let p = cache.get(locale);
  if (!p) {
    p = import(/* webpackChunkName: "moderation-messages" */ `./messages/${locale}.json`).then((m: { default: Messages }) => m.default);
    // a failed load may be retried later
    p.catch(() => cache.delete(locale));
    cache.set(locale, p);
  }
  return p;
}

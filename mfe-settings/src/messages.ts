import { messagesLoader } from '@modshelf/web-kit';

/** This part's own language bundles (English is inline in the code); the language page preloads one before switching. */
export const loadOwnMessages = messagesLoader((locale) => import(/* webpackChunkName: "settings-messages" */ `./messages/${locale}.json`));

import type { IntlShape } from 'react-intl';

/** An author tabs' message outside a component: tr(intl, key, English text, values); keys live in ./messages/*.json. */
export function tr(intl: IntlShape, key: string, text: string, values?: Record<string, string | number>): string {
  return intl.formatMessage({ id: key, defaultMessage: text }, values);
}

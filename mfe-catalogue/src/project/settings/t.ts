import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

/** The author tabs' messages: t(key, English text, values); keys live in ./messages/*.json. */
export function tr(intl: IntlShape, key: string, text: string, values?: Record<string, string | number>): string {
  return intl.formatMessage({ id: key, defaultMessage: text }, values);
}

export function useT() {
  const intl = useIntl();
  return useCallback((key: string, text: string, values?: Record<string, string | number>) => tr(intl, key, text, values), [intl]);
}

import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** A message in the bundle's language: t(key, English text, values); each bundle keeps its keys in messages/*.json. */
export type Translate = (key: string, text: string, values?: Record<string, string | number>) => string;

/** formatMessage with the English text inline. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback<Translate>((key, text, values) => intl.formatMessage({ id: key, defaultMessage: text }, values), [intl]);
}

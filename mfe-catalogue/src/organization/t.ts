import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** The organization settings' messages: t(key, English text, values); keys live in ./messages/*.json. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (key: string, text: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key, defaultMessage: text }, values),
    [intl],
  );
}

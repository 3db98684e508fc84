import { FormattedMessage, useIntl } from 'react-intl';
import { useAtom } from 'jotai';
import { developerModeAtom, displayPreferencesAtom, saveDisplayPreferences, usePageMeta, type DisplayPreferences } from '@modshelf/web-kit';
import { saveDeveloperMode } from '../prefs';

/** Feature flags: developer mode and the boolean display preferences. */
export function FlagsPage() {
  const intl = useIntl();
  const [dev, setDev] = useAtom(developerModeAtom);
  const [prefs, setPrefs] = useAtom(displayPreferencesAtom);
  usePageMeta(intl.formatMessage({ id: 'flags.title', defaultMessage: 'Feature flags' }));
  const keys = (Object.keys(prefs) as (keyof DisplayPreferences)[]).filter((k) => typeof prefs[k] === 'boolean');
  return (
    <section className="ms-card shell-page">
      <h1>
        <FormattedMessage id="flags.title" defaultMessage="Feature flags" />
      </h1>
      <label className="shell-flag">
        <input
          type="checkbox"
          checked={dev}
          onChange={(e) => {
            setDev(e.target.checked);
            saveDeveloperMode(e.target.checked);
          }}
        />
        developerMode
      </label>
      {keys.map((k) => (
        <label key={k} className="shell-flag">
          <input
            type="checkbox"
            checked={prefs[k] as boolean}
            onChange={(e) => {
              const next = { ...prefs, [k]: e.target.checked };
              setPrefs(next);
              saveDisplayPreferences(next);
            }}
          />
          {k}
        </label>
      ))}
    </section>
  );
}

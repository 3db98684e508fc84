import { useAtom } from 'jotai';
import {
  COLOR_MODES,
  colorModeAtom,
  DARK_THEMES,
  DEFAULT_LAYOUT,
  displayPreferencesAtom,
  layoutFor,
  LAYOUTS,
  sanitizePreferredDarkTheme,
  saveColorMode,
  saveDisplayPreferences,
  useT,
  type ColorMode,
  type DisplayPreferences,
  type Layout,
} from '@modshelf/web-kit';
import { PageTitle } from './SettingsLayout';

const MODE_LABELS: Record<ColorMode, [string, string]> = {
  system: ['theme.system', 'Sync with system'],
  light: ['theme.light', 'Light'],
  dark: ['theme.dark', 'Dark'],
  oled: ['theme.oled', 'OLED'],
  retro: ['theme.retro', 'Retro'],
};

type BoolPref = Exclude<keyof DisplayPreferences, 'preferredDarkTheme' | 'layouts'>;
const TOGGLES: { key: BoolPref; id: string; label: string; hint: string; hintId: string }[] = [
  {
    key: 'searchLayout',
    id: 'appearance.searchLayout',
    label: 'Right search layout',
    hintId: 'appearance.searchLayout.hint',
    hint: 'Show the search filters to the right of the results.',
  },
  {
    key: 'projectLayout',
    id: 'appearance.projectLayout',
    label: 'Left content layout',
    hintId: 'appearance.projectLayout.hint',
    hint: 'Show the project sidebar to the left of the page content.',
  },
  {
    key: 'advancedRendering',
    id: 'appearance.advancedRendering',
    label: 'Advanced rendering',
    hintId: 'appearance.advancedRendering.hint',
    hint: 'Enables effects such as blur that may be slow without hardware acceleration.',
  },
  {
    key: 'externalLinksNewTab',
    id: 'appearance.externalLinksNewTab',
    label: 'Open external links in a new tab',
    hintId: 'appearance.externalLinksNewTab.hint',
    hint: 'Links to other sites open in a new tab.',
  },
  {
    key: 'notUsingBlockers',
    id: 'appearance.notUsingBlockers',
    label: 'I am not using a content blocker',
    hintId: 'appearance.notUsingBlockers.hint',
    hint: 'Hides the reminder shown to visitors whose blocker hides parts of the page.',
  },
  {
    key: 'hidePromotions',
    id: 'appearance.hidePromotions',
    label: 'Hide promotions',
    hintId: 'appearance.hidePromotions.hint',
    hint: 'Hides promotional banners for the site\u2019s own offers.',
  },
  {
    key: 'hideStagingBanner',
    id: 'appearance.hideStagingBanner',
    label: 'Hide staging banner',
    hintId: 'appearance.hideStagingBanner.hint',
    hint: 'Hides the banner that marks a staging deployment.',
  },
];

const LAYOUT_PAGES: [keyof typeof DEFAULT_LAYOUT, string, string][] = [
  ['mod', 'appearance.layout.mods', 'Mods'],
  ['modpack', 'appearance.layout.modpacks', 'Modpacks'],
  ['server', 'appearance.layout.servers', 'Servers'],
  ['user', 'appearance.layout.users', 'User pages'],
  ['collection', 'appearance.layout.collections', 'Collections'],
];

/** Theme, layouts and display preferences: the shared atoms and cookies, so the whole site follows. */
export function AppearancePage() {
  const t = useT();
  const [mode, setMode] = useAtom(colorModeAtom);
  const [prefs, setPrefs] = useAtom(displayPreferencesAtom);
  const update = (patch: Partial<DisplayPreferences>) => {
    const next = { ...prefs, ...patch, preferredDarkTheme: sanitizePreferredDarkTheme(patch.preferredDarkTheme ?? prefs.preferredDarkTheme) };
    setPrefs(next);
    saveDisplayPreferences(next);
  };
  return (
    <>
      <PageTitle id="settings.appearance" title="Appearance" />
      <section className="ms-card set-card">
        <h2>{t('appearance.theme', 'Color theme')}</h2>
        <p className="ms-muted" style={{ margin: 0 }}>
          {t('appearance.theme.lead', 'Select your preferred color theme for Modshelf on this device.')}
        </p>
        <div className="set-themes" role="group" aria-label={t('appearance.theme', 'Color theme')}>
          {COLOR_MODES.map((m) => (
            <button
              key={m}
              type="button"
              className="set-theme"
              data-mode={m}
              aria-pressed={mode === m}
              onClick={() => {
                setMode(m);
                saveColorMode(m);
              }}
            >
              {t(MODE_LABELS[m][0], MODE_LABELS[m][1])}
            </button>
          ))}
        </div>
        <label className="set-field" style={{ maxWidth: 320 }}>
          <span>{t('appearance.preferredDark', 'Preferred dark theme')}</span>
          <select
            className="ms-input"
            name="preferredDarkTheme"
            value={prefs.preferredDarkTheme}
            onChange={(e) => update({ preferredDarkTheme: sanitizePreferredDarkTheme(e.target.value) })}
          >
            {DARK_THEMES.map((d) => (
              <option key={d} value={d}>
                {t(MODE_LABELS[d][0], MODE_LABELS[d][1])}
              </option>
            ))}
          </select>
          <small className="ms-muted">
            {t('appearance.preferredDark.hint', 'Used by "Sync with system" in dark mode and by the theme switch in the header.')}
          </small>
        </label>
      </section>
      <section className="ms-card set-card">
        <h2>{t('appearance.layouts', 'Layouts')}</h2>
        {TOGGLES.slice(0, 2).map((x) => (
          <Toggle key={x.key} x={x} value={prefs[x.key]} onChange={(v) => update({ [x.key]: v })} />
        ))}
        <h3 style={{ fontSize: '1rem' }}>{t('appearance.defaultViews', 'Default list views')}</h3>
        <table className="set-table">
          <tbody>
            {LAYOUT_PAGES.map(([k, id, label]) => (
              <tr key={k}>
                <th scope="row">
                  <label htmlFor={`layout-${k}`}>{t(id, label)}</label>
                </th>
                <td data-layout-page={k}>
                  <select
                    id={`layout-${k}`}
                    className="ms-input"
                    name={`layout-${k}`}
                    value={layoutFor(prefs, k)}
                    onChange={(e) => update({ layouts: { ...prefs.layouts, [k]: e.target.value as Layout } })}
                  >
                    {LAYOUTS.map((l) => (
                      <option key={l} value={l}>
                        {t(`layout.${l}`, l[0].toUpperCase() + l.slice(1))}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="ms-muted" style={{ margin: 0, fontSize: '.85rem' }}>
          {t('appearance.defaultViews.hint2', 'Each page starts with the view chosen here; a view picked on a search page is kept in its address.')}
        </p>
      </section>
      <section className="ms-card set-card">
        <h2>{t('appearance.display', 'Display preferences')}</h2>
        {TOGGLES.slice(2).map((x) => (
          <Toggle key={x.key} x={x} value={prefs[x.key]} onChange={(v) => update({ [x.key]: v })} />
        ))}
      </section>
    </>
  );
}

function Toggle({ x, value, onChange }: { x: (typeof TOGGLES)[number]; value: boolean; onChange: (v: boolean) => void }) {
  const t = useT();
  return (
    <label className="set-check" style={{ alignItems: 'flex-start' }}>
      <input type="checkbox" name={x.key} checked={value} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <strong>{t(x.id, x.label)}</strong>
        <br />
        <small className="ms-muted">{t(x.hintId, x.hint)}</small>
      </span>
    </label>
  );
}

/** The settings sections with the spec's titles (section 2), in menu order. */
export interface SettingsSection {
  path: string;
  id: string;
  title: string;
  auth: boolean;
}

export const SECTIONS: readonly SettingsSection[] = [
  { path: '/settings', id: 'settings.appearance', title: 'Appearance', auth: false },
  { path: '/settings/language', id: 'settings.language', title: 'Language', auth: false },
  { path: '/settings/profile', id: 'settings.profile', title: 'Public profile', auth: true },
  { path: '/settings/account', id: 'settings.account', title: 'Account and security', auth: true },
  { path: '/settings/authorizations', id: 'settings.authorizations', title: 'Authorized apps', auth: true },
  { path: '/settings/sessions', id: 'settings.sessions', title: 'Sessions', auth: true },
  { path: '/settings/pats', id: 'settings.pats', title: 'Personal access tokens', auth: true },
  { path: '/settings/applications', id: 'settings.applications', title: 'Your applications', auth: true },
  { path: '/settings/billing', id: 'settings.billing', title: 'Billing and subscriptions', auth: true },
];

export const SECTION_TITLES = SECTIONS.map((s) => s.title);

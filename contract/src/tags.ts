/** The spec's constants (catalogue-spec §9): the tags every side agrees on. */

export const PROJECT_TYPES = ['mod', 'modpack', 'server'] as const;
/** Types used in paths and search; behaviorpack is a mod whose loaders include the behaviorpack loader. */
export const ROUTE_PROJECT_TYPES = ['mod', 'modpack', 'server', 'behaviorpack'] as const;

export const MOD_CATEGORIES = [
  'adventure',
  'cursed',
  'decoration',
  'economy',
  'equipment',
  'food',
  'game-mechanics',
  'library',
  'magic',
  'management',
  'minigame',
  'mobs',
  'optimization',
  'social',
  'storage',
  'technology',
  'transportation',
  'utility',
  'worldgen',
] as const;
export const MODPACK_CATEGORIES = [
  'adventure',
  'challenging',
  'combat',
  'kitchen-sink',
  'lightweight',
  'magic',
  'multiplayer',
  'optimization',
  'quests',
  'technology',
] as const;

/** The spec names the product loader `{product}`; ours is called `modshelf`. */
export const PRODUCT_LOADER = 'modshelf';
export const LOADERS = [
  { name: 'coreengine', supported_project_types: ['mod', 'project', 'modpack'] },
  { name: PRODUCT_LOADER, supported_project_types: ['modpack', 'project'] },
  { name: 'zotecore', supported_project_types: ['server', 'project'] },
  { name: 'behaviorpack', supported_project_types: ['mod', 'project'] },
] as const;

export const GAME_VERSIONS = [
  { version: '1.16.201-arm64', version_type: 'release', date: '2021-01-12T00:00:00Z', major: false },
  { version: '1.16.201-arm32', version_type: 'release', date: '2021-01-12T00:00:00Z', major: false },
  { version: '1.11.4', version_type: 'release', date: '2019-06-04T00:00:00Z', major: true },
  { version: '1.0.3', version_type: 'release', date: '2017-01-26T00:00:00Z', major: true },
] as const;

export const DONATION_PLATFORMS = [
  { short: 'patreon', name: 'Patreon' },
  { short: 'bmac', name: 'Buy Me a Coffee' },
  { short: 'paypal', name: 'PayPal' },
  { short: 'github', name: 'GitHub Sponsors' },
  { short: 'ko-fi', name: 'Ko-fi' },
  { short: 'other', name: 'Other' },
] as const;

export const REPORT_TYPES = ['spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting'] as const;
export const REPORT_ITEM_TYPES = ['project', 'version', 'user'] as const;

export const SIDE_TYPES = ['required', 'optional', 'unsupported', 'unknown'] as const;

export const LICENSES = [
  { short: 'MIT', name: 'MIT License', open_source: true },
  { short: 'Apache-2.0', name: 'Apache License 2.0', open_source: true },
  { short: 'GPL-3.0-only', name: 'GNU General Public License v3.0 only', open_source: true },
  { short: 'LGPL-3.0-only', name: 'GNU Lesser General Public License v3.0 only', open_source: true },
  { short: 'MPL-2.0', name: 'Mozilla Public License 2.0', open_source: true },
  { short: 'CC0-1.0', name: 'Creative Commons Zero v1.0 Universal', open_source: true },
  { short: 'BSD-3-Clause', name: 'BSD 3-Clause "New" or "Revised" License', open_source: true },
  { short: 'LicenseRef-All-Rights-Reserved', name: 'All Rights Reserved', open_source: false },
  { short: 'LicenseRef-Custom', name: 'Custom license', open_source: false },
] as const;

export const PROJECT_STATUSES = ['approved', 'archived', 'rejected', 'draft', 'unlisted', 'processing', 'withheld', 'scheduled', 'private', 'unknown'] as const;
export const REQUESTED_STATUSES = ['approved', 'archived', 'unlisted', 'private', 'draft'] as const;
/** Publicly listed: shown in search and to anonymous readers. */
export const LISTED_STATUSES = ['approved', 'archived'] as const;
/** Reachable by link, not listed in search. */
export const APPROVED_TYPE_STATUSES = ['approved', 'archived', 'unlisted', 'private'] as const;

export const VERSION_TYPES = ['release', 'beta', 'alpha'] as const;
export const VERSION_STATUSES = ['listed', 'archived', 'draft', 'unlisted', 'scheduled', 'unknown'] as const;
export const DEPENDENCY_TYPES = ['required', 'optional', 'incompatible', 'embedded'] as const;

export const USER_ROLES = ['developer', 'moderator', 'admin'] as const;

/** Display names (spec §9). */
export const DISPLAY_NAMES: Record<string, string> = {
  [PRODUCT_LOADER]: 'Modshelf',
  coreengine: 'Core Engine',
  'game-mechanics': 'Game Mechanics',
  worldgen: 'World Generation',
  gui: 'GUI',
  '8x-': '8x or lower',
  '512x+': '512x or higher',
  paypal: 'PayPal',
};

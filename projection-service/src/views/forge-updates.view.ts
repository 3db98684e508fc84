import type { ForgeUpdates } from '@modshelf/contract/v2';
import type { VersionDoc } from '../read-model/documents';
import { LISTED_VERSION_STATUSES } from './derive';
import { sortNewestFirst } from './version.view';

/**
 * The update-checker document (Forge's `updateJSONURL` format, as Modrinth generates it), adapted to
 * this game: Forge and NeoForge become the game's loaders. One loader is chosen (by default
 * `coreengine`, the mod engine most mods run on; `any` takes every loader), and for each game version
 * `promos` names the newest version number (`{game_version}-latest`, any channel) and the newest
 * release (`{game_version}-recommended`, no alpha or beta). Only listed versions count.
 */
export type { ForgeUpdates };

export const DEFAULT_UPDATE_LOADER = 'coreengine';

export function forgeUpdates(homepage: string, versions: VersionDoc[], loader: string): ForgeUpdates {
  const promos: Record<string, string> = {};
  const eligible = versions.filter((v) => LISTED_VERSION_STATUSES.includes(v.status) && (loader === 'any' || v.loaders.includes(loader)));
  // oldest first, so a newer version overwrites an older one
  for (const v of sortNewestFirst(eligible).reverse()) {
    for (const gv of v.game_versions) {
      promos[`${gv}-latest`] = v.version_number;
      if (v.version_type === 'release') promos[`${gv}-recommended`] = v.version_number;
    }
  }
  return { homepage, promos };
}

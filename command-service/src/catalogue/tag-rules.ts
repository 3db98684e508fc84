import { GAME_VERSIONS, LICENSES, LOADERS, MOD_CATEGORIES, MODPACK_CATEGORIES, PROJECT_TYPES } from '@modshelf/events';
import { invalidInput } from '@modshelf/contract';

export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Categories a project of this type may carry (servers: the spec lists none of their own, so both lists). */
export function categoriesFor(type: ProjectType): readonly string[] {
  if (type === 'mod') return MOD_CATEGORIES;
  if (type === 'modpack') return MODPACK_CATEGORIES;
  return [...new Set<string>([...MOD_CATEGORIES, ...MODPACK_CATEGORIES])];
}

export function checkCategories(type: ProjectType, categories: readonly string[] | undefined, field: string): void {
  if (!categories) return;
  const allowed = categoriesFor(type);
  for (const c of categories) {
    if (!allowed.includes(c)) throw invalidInput(`${field}: '${c}' is not a ${type} category`);
  }
  if (new Set(categories).size !== categories.length) throw invalidInput(`${field}: duplicate categories`);
}

/** Loaders must exist and list the project type (every loader also lists the generic 'project'). */
export function checkLoaders(type: ProjectType, loaders: readonly string[] | undefined): void {
  if (!loaders) return;
  for (const l of loaders) {
    const loader = LOADERS.find((x) => x.name === l);
    if (!loader) throw invalidInput(`loaders: '${l}' is not a known loader`);
    const supported = loader.supported_project_types as readonly string[];
    if (!supported.includes(type)) {
      throw invalidInput(`loaders: '${l}' does not support ${type} projects`);
    }
  }
}

export function checkGameVersions(versions: readonly string[] | undefined): void {
  if (!versions) return;
  for (const v of versions) {
    if (!GAME_VERSIONS.some((g) => g.version === v)) throw invalidInput(`game_versions: '${v}' is not a known game version`);
  }
}

/** License id: one of the listed SPDX ids or a LicenseRef-*; the name comes from the list. */
export function licenseOf(id: string, url: string | null | undefined): { id: string; name: string; url: string | null } {
  const known = LICENSES.find((l) => l.short.toLowerCase() === id.toLowerCase());
  if (known) return { id: known.short, name: known.name, url: url ?? null };
  if (/^LicenseRef-[A-Za-z0-9.-]{1,54}$/.test(id) || /^[A-Za-z0-9.+-]{1,64}( (AND|OR|WITH) [A-Za-z0-9.+-]{1,64})*$/.test(id)) {
    return { id, name: id, url: url ?? null };
  }
  throw invalidInput(`license_id: '${id}' is not a valid SPDX license identifier`);
}

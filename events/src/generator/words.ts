/** The words generated titles are made of: every title is an adjective and a noun, so a few words match many projects (broad) and most match few (selective). */
export const ADJECTIVES = [
  'Better',
  'Tiny',
  'Ancient',
  'Glowing',
  'Rusty',
  'Crystal',
  'Shadow',
  'Sky',
  'Deep',
  'Frozen',
  'Golden',
  'Wild',
  'Clever',
  'Arcane',
  'Iron',
  'Mossy',
  'Stormy',
  'Lazy',
  'Swift',
  'Hidden',
  'Cozy',
  'Epic',
  'Simple',
  'Mighty',
];
export const NOUNS = [
  'Furnaces',
  'Villagers',
  'Islands',
  'Backpacks',
  'Dungeons',
  'Pipes',
  'Dragons',
  'Gardens',
  'Minecarts',
  'Armor',
  'Caves',
  'Biomes',
  'Tools',
  'Lanterns',
  'Bridges',
  'Golems',
  'Farms',
  'Potions',
  'Towers',
  'Boats',
  'Maps',
  'Wolves',
  'Storage',
  'Circuits',
  'Kitchens',
  'Ruins',
  'Beacons',
  'Quests',
  'Markets',
  'Skies',
];
export const PACK_WORDS = ['Pack', 'Collection', 'Expedition', 'Odyssey', 'Survival', 'Remastered', 'Plus', 'Reborn'];
export const SERVER_WORDS = ['Realm', 'Network', 'SMP', 'Craft', 'Land', 'World', 'Kingdom', 'Isles'];

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

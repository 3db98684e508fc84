import AdmZip from 'adm-zip';
import { GAME_VERSIONS, LICENSES, MODPACK_CATEGORIES, MOD_CATEGORIES, PRODUCT_LOADER } from '@modshelf/events';
import { Rng } from './random';

export type DemoType = 'mod' | 'modpack' | 'server' | 'behaviorpack';

export interface DemoVersion {
  version_number: string;
  name: string;
  changelog: string;
  version_type: 'release' | 'beta' | 'alpha';
  loaders: string[];
  game_versions: string[];
  files: Array<{ filename: string; bytes: Buffer }>;
}

export interface DemoProject {
  authorIndex: number;
  type: DemoType;
  slug: string;
  title: string;
  description: string;
  body: string;
  categories: string[];
  additional_categories: string[];
  client_side: 'required' | 'optional' | 'unsupported';
  server_side: 'required' | 'optional' | 'unsupported';
  license_id: string;
  source_url: string | null;
  issues_url: string | null;
  wiki_url: string | null;
  discord_url: string | null;
  donation_urls: Array<{ id: string; platform: string; url: string }>;
  color: [number, number, number];
  gallery: Array<{ title: string; description: string; featured: boolean; color: [number, number, number] }>;
  versions: DemoVersion[];
  status: 'approved' | 'archived';
  downloads: number;
}

const ADJECTIVES = [
  'Better', 'Tiny', 'Ancient', 'Glowing', 'Rusty', 'Crystal', 'Shadow', 'Sky', 'Deep', 'Frozen', 'Golden', 'Wild',
  'Clever', 'Arcane', 'Iron', 'Mossy', 'Stormy', 'Lazy', 'Swift', 'Hidden', 'Cozy', 'Epic', 'Simple', 'Mighty',
];
const NOUNS = [
  'Furnaces', 'Villagers', 'Islands', 'Backpacks', 'Dungeons', 'Pipes', 'Dragons', 'Gardens', 'Minecarts', 'Armor',
  'Caves', 'Biomes', 'Tools', 'Lanterns', 'Bridges', 'Golems', 'Farms', 'Potions', 'Towers', 'Boats', 'Maps',
  'Wolves', 'Storage', 'Circuits', 'Kitchens', 'Ruins', 'Beacons', 'Quests', 'Markets', 'Skies',
];
const PACK_WORDS = ['Pack', 'Collection', 'Expedition', 'Odyssey', 'Survival', 'Remastered', 'Plus', 'Reborn'];
const SERVER_WORDS = ['Realm', 'Network', 'SMP', 'Craft', 'Land', 'World', 'Kingdom', 'Isles'];

export const DEMO_USERS = [
  'blockwright', 'mossy_maker', 'pixelsmith', 'redstoner42', 'cavedweller', 'skylark', 'tinkerbot', 'lavafall',
  'quarryqueen', 'emberfox', 'snowgolem', 'obsidian_owl', 'creeperkeeper', 'beetroot_bard', 'nethernaut',
  'glowberry', 'anvil_ann', 'torchbearer', 'copperkid', 'slimeking', 'wanderer_wes', 'brickbuilder', 'deepslate_dev',
  'featherfall', 'mushroom_mo', 'lodestone', 'amethyst_amy', 'kelp_kid', 'prismarine', 'cartographer',
];

function slugify(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const MODPACK_INDEX_FILE = 'modrinth.index.json';

function semver(rng: Rng, i: number): string {
  return `${rng.int(0, 3)}.${i}.${rng.int(0, 9)}`;
}

/** A real .mrpack (a zip with modrinth.index.json) with filler content: the upload checks modpack archives. */
function modpackArchive(rng: Rng, name: string, version: string): Buffer {
  const zip = new AdmZip();
  const index = { formatVersion: 1, game: PRODUCT_LOADER, versionId: version, name, summary: `The ${name} demo modpack`, files: [], dependencies: {} };
  zip.addFile(MODPACK_INDEX_FILE, Buffer.from(JSON.stringify(index, null, 2)));
  zip.addFile('overrides/demo.bin', fakeArchive(rng, name));
  // fixed times: the same seed gives the same bytes
  for (const e of zip.getEntries()) e.header.time = new Date('2026-01-01T00:00:00Z');
  return zip.toBuffer();
}

function fakeArchive(rng: Rng, name: string): Buffer {
  const size = rng.int(2_000, 40_000);
  const b = Buffer.alloc(size);
  const header = Buffer.from(`PK-demo-archive ${name}\n`);
  header.copy(b);
  for (let i = header.length; i < size; i++) b[i] = Math.floor(rng.next() * 256);
  return b;
}

/** Builds the demo catalogue deterministically: `count` publicly listed projects over every type. */
export function demoCatalogue(count: number, seed = 20261121): DemoProject[] {
  const rng = new Rng(seed);
  const used = new Set<string>();
  const projects: DemoProject[] = [];
  const types: DemoType[] = ['mod', 'mod', 'mod', 'modpack', 'server', 'behaviorpack'];
  for (let i = 0; i < count; i++) {
    const type = types[i % types.length];
    let title = '';
    for (let tries = 0; tries < 50; tries++) {
      const base = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
      title =
        type === 'modpack' ? `${base} ${rng.pick(PACK_WORDS)}` : type === 'server' ? `${rng.pick(ADJECTIVES)} ${rng.pick(SERVER_WORDS)}` : base;
      if (!used.has(slugify(title))) break;
      title = `${title} ${i}`;
    }
    used.add(slugify(title));
    const cats = type === 'modpack' ? MODPACK_CATEGORIES : MOD_CATEGORIES;
    const categories = rng.sample(cats, rng.int(1, 3));
    const additional = rng.sample(cats.filter((c) => !categories.includes(c as never)), rng.int(0, 2));
    const loaders =
      type === 'modpack' ? [PRODUCT_LOADER] : type === 'server' ? ['zotecore'] : type === 'behaviorpack' ? ['behaviorpack'] : ['coreengine'];
    const gameVersions = GAME_VERSIONS.map((g) => g.version);
    const nVersions = rng.int(1, 4);
    const versions: DemoVersion[] = [];
    for (let v = 0; v < nVersions; v++) {
      const vn = semver(rng, v);
      const channel = v === nVersions - 1 && rng.next() < 0.25 ? rng.pick(['beta', 'alpha'] as const) : 'release';
      const files = [{ filename: `${slugify(title)}-${vn}.${type === 'modpack' ? 'mrpack' : 'zip'}`, bytes: type === 'modpack' ? modpackArchive(rng, title, vn) : fakeArchive(rng, title) }];
      if (rng.next() < 0.2) files.push({ filename: `${slugify(title)}-${vn}-sources.zip`, bytes: fakeArchive(rng, `${title} sources`) });
      versions.push({
        version_number: vn,
        name: `${title} ${vn}`,
        changelog: v === 0 ? 'First public release.' : rng.next() < 0.2 ? 'Bug fixes.' : `- Added ${rng.pick(NOUNS).toLowerCase()}\n- Fixed ${rng.pick(NOUNS).toLowerCase()} crash\n- Improved performance`,
        version_type: channel,
        loaders,
        game_versions: rng.sample(gameVersions, rng.int(1, gameVersions.length)),
        files,
      });
    }
    const color: [number, number, number] = [rng.int(40, 230), rng.int(40, 230), rng.int(40, 230)];
    const noun = title.split(' ')[1]?.toLowerCase() ?? 'things';
    const description =
      type === 'server'
        ? `A friendly ${categories[0]} server with ${noun}, events and a helpful community.`
        : type === 'modpack'
          ? `A ${categories[0]} modpack built around ${noun}, tuned for phones and tablets.`
          : `Adds ${noun} with a ${categories[0].replace('-', ' ')} twist to your world.`;
    const body = [
      `# ${title}`,
      '',
      description,
      '',
      '## Features',
      '',
      `- New ${noun} that fit the vanilla style`,
      `- Works with **${loaders[0]}** on ${versions[0].game_versions.join(', ')}`,
      `- Configurable in-game`,
      '',
      '## Installation',
      '',
      '1. Download the latest file from the Versions tab.',
      '2. Open it with your launcher.',
      '',
      '> Questions? Open an issue on the tracker.',
    ].join('\n');
    const slug = slugify(title);
    projects.push({
      authorIndex: rng.int(0, DEMO_USERS.length - 1),
      type,
      slug,
      title,
      description,
      body,
      categories,
      additional_categories: additional,
      client_side: type === 'server' ? 'optional' : 'required',
      server_side: type === 'server' ? 'required' : rng.pick(['required', 'optional', 'unsupported'] as const),
      license_id: rng.pick(LICENSES).short,
      source_url: rng.next() < 0.6 ? `https://git.example.org/${slug}` : null,
      issues_url: rng.next() < 0.5 ? `https://git.example.org/${slug}/issues` : null,
      wiki_url: rng.next() < 0.2 ? `https://wiki.example.org/${slug}` : null,
      discord_url: rng.next() < 0.3 ? `https://discord.example.org/${slug}` : null,
      donation_urls: rng.next() < 0.3 ? [{ id: 'ko-fi', platform: 'Ko-fi', url: `https://ko-fi.example.org/${slug}` }] : [],
      color,
      gallery: Array.from({ length: rng.int(0, 3) }, (_, g) => ({
        title: `${title} screenshot ${g + 1}`,
        description: `What ${noun} look like in game.`,
        featured: g === 0,
        color: [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)] as [number, number, number],
      })),
      versions,
      status: rng.next() < 0.05 ? 'archived' : 'approved',
      downloads: Math.min(4000, rng.pareto(8)),
    });
  }
  return projects;
}

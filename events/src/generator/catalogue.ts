/**
 * The one catalogue generator: a deterministic stream of listed projects over every type (titles, texts,
 * categories, links, gallery, versions with their files, downloads). The demo seed sends them through the
 * HTTP commands (site/src/seed/run-seed.ts); the benchmarks append them straight to a log (./write-events.ts).
 */
import { GAME_VERSIONS, LICENSES, MODPACK_CATEGORIES, MOD_CATEGORIES, PRODUCT_LOADER } from '@modshelf/contract';
import { Rng } from './random';
import { NOUNS } from './words';
import { TitlePicker } from './titles';

/** a behaviour pack is a mod whose loader is `behaviorpack` */
export type GeneratedType = 'mod' | 'modpack' | 'server' | 'behaviorpack';

export interface GeneratedFile {
  filename: string;
  /** a modpack archive (.mrpack with its index) or any other archive */
  kind: 'mrpack' | 'archive';
  primary: boolean;
}

export interface GeneratedVersion {
  version_number: string;
  name: string;
  changelog: string;
  version_type: 'release' | 'beta' | 'alpha';
  loaders: string[];
  game_versions: string[];
  files: GeneratedFile[];
}

export type Rgb = [number, number, number];

export interface GeneratedProject {
  /** which author (0 .. authors - 1) owns it */
  authorIndex: number;
  type: GeneratedType;
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
  color: Rgb;
  gallery: Array<{ title: string; description: string; featured: boolean; color: Rgb }>;
  versions: GeneratedVersion[];
  status: 'approved' | 'archived';
  downloads: number;
}

export interface CatalogueOptions {
  /** how many projects */
  count: number;
  /** how many authors own them */
  authors: number;
  seed?: number;
  /** numbers the projects after an earlier call's `count` (a second batch into the same log) */
  first?: number;
  /** most downloads of one project (heavy-tailed below it); none by default */
  maxDownloads?: number;
}

const TYPES: GeneratedType[] = ['mod', 'mod', 'mod', 'modpack', 'server', 'behaviorpack'];
/** titles drawn before one gets the project's number appended to stay unique */

function semver(rng: Rng, i: number): string {
  return `${rng.int(0, 3)}.${i}.${rng.int(0, 9)}`;
}

function loadersOf(type: GeneratedType): string[] {
  return type === 'modpack' ? [PRODUCT_LOADER] : type === 'server' ? ['zotecore'] : type === 'behaviorpack' ? ['behaviorpack'] : ['coreengine'];
}

/** Projects `first .. first + count - 1`, the same ones for the same options on every machine. */
export function* generateCatalogue(options: CatalogueOptions): Generator<GeneratedProject> {
  const { count, authors, first = 0, maxDownloads = Infinity } = options;
  const rng = new Rng(options.seed ?? 20261121);
  const titles = new TitlePicker(rng);
  const gameVersions = GAME_VERSIONS.map((g) => g.version);
  for (let i = first; i < first + count; i++) {
    const type = TYPES[i % TYPES.length];
    const { title, slug } = titles.next(type === 'modpack' || type === 'server' ? type : 'other', i);
    const cats: readonly string[] = type === 'modpack' ? MODPACK_CATEGORIES : MOD_CATEGORIES;
    const categories = rng.sample(cats, rng.int(1, 3));
    const additional = rng.sample(
      cats.filter((c) => !categories.includes(c)),
      rng.int(0, 2),
    );
    const loaders = loadersOf(type);
    const nVersions = rng.int(1, 4);
    const versions: GeneratedVersion[] = [];
    for (let v = 0; v < nVersions; v++) {
      const vn = semver(rng, v);
      const channel = v === nVersions - 1 && rng.next() < 0.25 ? rng.pick(['beta', 'alpha'] as const) : 'release';
      const files: GeneratedFile[] = [
        { filename: `${slug}-${vn}.${type === 'modpack' ? 'mrpack' : 'zip'}`, kind: type === 'modpack' ? 'mrpack' : 'archive', primary: true },
      ];
      if (rng.next() < 0.2) files.push({ filename: `${slug}-${vn}-sources.zip`, kind: 'archive', primary: false });
      versions.push({
        version_number: vn,
        name: `${title} ${vn}`,
        changelog:
          v === 0
            ? 'First public release.'
            : rng.next() < 0.2
              ? 'Bug fixes.'
              : `- Added ${rng.pick(NOUNS).toLowerCase()}\n- Fixed ${rng.pick(NOUNS).toLowerCase()} crash\n- Improved performance`,
        version_type: channel,
        loaders,
        game_versions: rng.sample(gameVersions, rng.int(1, gameVersions.length)),
        files,
      });
    }
    const color: Rgb = [rng.int(40, 230), rng.int(40, 230), rng.int(40, 230)];
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
    yield {
      authorIndex: rng.int(0, authors - 1),
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
        color: [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)] as Rgb,
      })),
      versions,
      status: rng.next() < 0.05 ? 'archived' : 'approved',
      downloads: Math.min(maxDownloads, rng.pareto(8)),
    };
  }
}

import { createHash } from 'node:crypto';
import {
  DownloadsCounted,
  GAME_VERSIONS,
  MOD_CATEGORIES,
  MODPACK_CATEGORIES,
  ProjectCreated,
  ProjectStatusChanged,
  SqliteEventStore,
  UserRegistered,
  VersionPublished,
  downloadsStream,
  newEventId,
  projectStream,
  toNewEvents,
  userStream,
  versionStream,
  type DecidedEvent,
  type NewEvent,
} from '@modshelf/events';

/** A small deterministic PRNG so runs are comparable. */
export function rng(seed = 42) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ven', 'tor', 'ix', 'lu', 'dra', 'gon', 'fer', 'sto', 'nel', 'qua', 'zi', 'mor', 'pel', 'tri', 'van', 'syl'];
const COMMON = [
  'better', 'simple', 'extra', 'super', 'tiny', 'mega', 'craft', 'block', 'world', 'magic', 'tech', 'technology', 'furniture', 'storage',
  'dungeons', 'mobs', 'food', 'farming', 'adventure', 'tools', 'armor', 'weapons', 'biomes', 'structures', 'redstone', 'machines', 'energy',
  'decoration', 'utility', 'library', 'optimization', 'performance', 'shaders', 'lighting', 'inventory', 'backpacks', 'quests', 'economy',
];

/** A vocabulary of `size` words: common mod words plus generated ones. */
export function vocabulary(size: number, random: () => number): string[] {
  const words = new Set(COMMON);
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function seqId(prefix: number, n: number): string {
  let out = '';
  let x = n;
  for (let i = 0; i < 7; i++) {
    out = ID_ALPHABET[x % 62] + out;
    x = Math.floor(x / 62);
  }
  return ID_ALPHABET[prefix] + out;
}

export interface GeneratedCatalogue {
  projects: number;
  events: number;
  words: string[];
}

/**
 * Appends a realistic catalogue of `projects` listed projects (authors, versions with
 * files, downloads) to a SQLite event store in big transactions. For benchmarks:
 * the projections then catch up from the log in big batches.
 */
export async function generateCatalogue(store: SqliteEventStore, projects: number, seed = 42): Promise<GeneratedCatalogue> {
  const random = rng(seed);
  const words = vocabulary(Math.max(200, Math.min(20000, projects / 5)), random);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  // Zipf-ish: a few words are very common (broad), most are rare (selective).
  const word = () => words[Math.floor(words.length * random() ** 3)];
  const authors = Math.max(1, Math.floor(projects / 8));
  let events = 0;
  let clock = Date.parse('2022-01-01T00:00:00Z');
  const time = () => new Date((clock += 1000)).toISOString();
  const meta = (actor: string | null) => {
    const id = newEventId();
    return { commandId: id, correlationId: id, causationId: id, actor, time: time() };
  };
  let batch: Array<{ streamId: string; events: NewEvent[]; expected: 'any' }> = [];
  const push = (streamId: string, decided: DecidedEvent[], actor: string | null) => {
    batch.push({ streamId, events: toNewEvents(decided, meta(actor), newEventId), expected: 'any' });
    events += decided.length;
  };
  const flush = () => {
    if (batch.length) store.appendMany(batch);
    batch = [];
  };
  for (let a = 0; a < authors; a++) {
    const id = seqId(1, a);
    push(userStream(id), [UserRegistered({ user_id: id, username: `author_${a}_${pick(words)}`.slice(0, 39), role: 'developer', avatar_url: null, bio: null, created: time() })], id);
    if (batch.length >= 5000) flush();
  }
  for (let p = 0; p < projects; p++) {
    const id = seqId(2, p);
    const owner = seqId(1, Math.floor(random() * authors));
    const type = random() < 0.7 ? 'mod' : random() < 0.6 ? 'modpack' : 'server';
    const cats = type === 'modpack' ? MODPACK_CATEGORIES : MOD_CATEGORIES;
    const title = `${word()} ${word()}${random() < 0.5 ? ` ${word()}` : ''}`.slice(0, 60);
    const published = time();
    push(
      projectStream(id),
      [
        ProjectCreated({
          project_id: id, team_id: seqId(3, p), project_type: type, owner_id: owner, organization_id: null, thread_id: seqId(4, p), status: 'draft', published,
          slug: `${title.replace(/\s+/g, '-')}-${p}`.slice(0, 64), title: title.length >= 3 ? title : `${title} mod`,
          description: Array.from({ length: 6 + Math.floor(random() * 6) }, word).join(' ').slice(0, 250),
          body: 'A generated project.', categories: [pick(cats), pick(cats)].filter((c, i, l) => l.indexOf(c) === i), additional_categories: [],
          license: { id: 'MIT', name: 'MIT License', url: null }, client_side: 'required', server_side: pick(['required', 'optional', 'unsupported'] as const),
          issues_url: null, source_url: null, wiki_url: null, discord_url: null, donation_urls: [], requested_status: 'approved', moderator_message: null,
          monetization_status: 'monetized',
        }),
        ProjectStatusChanged({ from: 'draft', to: 'processing' }),
        ProjectStatusChanged({ from: 'processing', to: 'approved' }),
      ],
      owner,
    );
    const versions = 1 + Math.floor(random() * 3);
    for (let v = 0; v < versions; v++) {
      const vid = seqId(5, p * 4 + v);
      const content = `${id}/${v}`;
      const loaders = type === 'modpack' ? ['modshelf'] : type === 'server' ? ['zotecore'] : random() < 0.15 ? ['behaviorpack'] : ['coreengine'];
      push(
        versionStream(vid),
        [
          VersionPublished({
            version_id: vid, project_id: id, author_id: owner, date_published: time(), name: `v${v}`, version_number: `1.${v}.0`, changelog: `Changes ${v}`,
            version_type: pick(['release', 'release', 'beta', 'alpha'] as const), loaders, game_versions: [pick(GAME_VERSIONS).version], featured: v === 0,
            status: 'listed', requested_status: null, dependencies: [],
            files: [{
              hashes: { sha1: createHash('sha1').update(content).digest('hex'), sha512: createHash('sha512').update(content).digest('hex') },
              url: `https://cdn.example/${id}/${vid}.jar`, filename: `${vid}.jar`, primary: true, size: 1000 + p, file_type: null,
            }],
          }),
        ],
        owner,
      );
    }
    const dl = Math.floor(10 ** (random() * 6));
    if (dl > 1) push(downloadsStream(id), [DownloadsCounted({ project_id: id, version_id: null, count: dl })], null);
    if (batch.length >= 5000) flush();
  }
  flush();
  return { projects, events, words };
}

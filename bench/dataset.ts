import {
  DownloadsCounted, GAME_VERSIONS, MODPACK_CATEGORIES, MOD_CATEGORIES, NO_STREAM, ProjectCreated, ProjectFollowed, PRODUCT_LOADER,
  SqliteEventStore, TeamMemberAdded, UserRegistered, VersionPublished, newEventId, newId, toNewEvents, type DecidedEvent,
} from '@modshelf/events';
import { createHash } from 'node:crypto';

/** Words for generated titles and summaries; a few appear in most documents (broad), most in few (selective). */
export const ADJ = ['better', 'tiny', 'ancient', 'glowing', 'rusty', 'crystal', 'shadow', 'sky', 'deep', 'frozen', 'golden', 'wild', 'clever', 'arcane', 'iron', 'mossy', 'stormy', 'lazy', 'swift', 'hidden', 'cozy', 'epic', 'simple', 'mighty', 'nether', 'lunar', 'solar', 'copper', 'emerald', 'velvet'];
export const NOUN = ['furnaces', 'villagers', 'islands', 'backpacks', 'dungeons', 'pipes', 'dragons', 'gardens', 'minecarts', 'armor', 'caves', 'biomes', 'tools', 'lanterns', 'bridges', 'golems', 'farms', 'potions', 'towers', 'boats', 'maps', 'wolves', 'storage', 'circuits', 'kitchens', 'ruins', 'beacons', 'quests', 'markets', 'skies', 'elevators', 'compasses', 'spawners', 'fences', 'chairs', 'banners', 'shields', 'arrows', 'saddles', 'wagons'];
const EXTRA = ['plus', 'reborn', 'remastered', 'expanded', 'lite', 'core', 'addon', 'tweaks', 'overhaul', 'utilities'];

function rand(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes `count` publicly listed projects (with their authors, one version each,
 * downloads and follows) straight into an event log, as an import would. Events
 * are validated by their catalogue schemas; the projections build everything else.
 * `first` numbers the projects (and names the authors) after an earlier call's, so slugs stay unique.
 */
export function writeDataset(store: SqliteEventStore, count: number, seed = 42, first = 0): { events: number } {
  const r = rand(seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
  const meta = () => {
    const id = newEventId();
    return { commandId: id, correlationId: id, causationId: id, actor: null, time: new Date(Date.UTC(2024, 0, 1) + Math.floor(r() * 6e10)).toISOString() };
  };
  const authors = Array.from({ length: Math.max(10, Math.floor(count / 50)) }, (_, i) => ({ id: newId(), name: first ? `author_${first}_${i}` : `author_${i}` }));
  let events = 0;
  let batch: Array<{ streamId: string; events: ReturnType<typeof toNewEvents>; expected: number }> = [];
  const flush = () => {
    if (batch.length) store.appendMany(batch);
    batch = [];
  };
  const add = (streamId: string, decided: DecidedEvent[]) => {
    batch.push({ streamId, events: toNewEvents(decided, meta(), newEventId), expected: NO_STREAM });
    events += decided.length;
    if (batch.length >= 2000) flush();
  };
  for (const a of authors) {
    add(`user-${a.id}`, [UserRegistered({ user_id: a.id, username: a.name, role: 'developer', avatar_url: null, bio: null, created: '2024-01-01T00:00:00Z' })]);
  }
  const gv = GAME_VERSIONS.map((g) => g.version);
  for (let i = first; i < first + count; i++) {
    const type = i % 6 === 3 ? 'modpack' : i % 6 === 4 ? 'server' : 'mod';
    const title = `${pick(ADJ)} ${pick(NOUN)} ${r() < 0.3 ? pick(EXTRA) : ''}`.trim();
    const words = title.split(' ');
    const slug = `${words.join('-')}-${i}`;
    const projectId = newId();
    const author = pick(authors);
    const cats = type === 'modpack' ? MODPACK_CATEGORIES : MOD_CATEGORIES;
    const loader = type === 'modpack' ? PRODUCT_LOADER : type === 'server' ? 'zotecore' : r() < 0.2 ? 'behaviorpack' : 'coreengine';
    const published = new Date(Date.UTC(2023, 0, 1) + Math.floor(r() * 6e10)).toISOString();
    add(`project-${projectId}`, [
      ProjectCreated({
        project_id: projectId, team_id: newId(), project_type: type, owner_id: author.id, organization_id: null, thread_id: newId(),
        status: 'approved', published, slug, title: title[0].toUpperCase() + title.slice(1),
        description: `Adds ${pick(NOUN)} and ${pick(NOUN)} to your world, with ${pick(ADJ)} ${pick(NOUN)} for every mod fan.`,
        body: `# ${title}\n\nA mod about ${words[1]}.`, categories: [pick(cats)], additional_categories: [],
        license: { id: 'MIT', name: 'MIT License', url: null }, client_side: 'required', server_side: pick(['required', 'optional', 'unsupported'] as const),
        issues_url: null, source_url: null, wiki_url: null, discord_url: null, donation_urls: [], requested_status: 'approved',
        moderator_message: null, monetization_status: 'monetized',
      }),
      TeamMemberAdded({ user_id: author.id, role: 'Owner', permissions: 1023, ordering: 0, accepted: true, is_owner: true }),
    ]);
    const versionId = newId();
    const content = `${slug}-1.0.0`;
    add(`version-${versionId}`, [
      VersionPublished({
        version_id: versionId, project_id: projectId, author_id: author.id, name: `${title} 1.0.0`, version_number: '1.0.0',
        changelog: 'First release.', version_type: 'release', loaders: [loader], game_versions: [pick(gv), pick(gv)].filter((v, k, a) => a.indexOf(v) === k),
        featured: false, status: 'listed', requested_status: null, dependencies: [], date_published: published,
        files: [{
          hashes: { sha1: createHash('sha1').update(content).digest('hex'), sha512: createHash('sha512').update(content).digest('hex') },
          url: `http://localhost/cdn/data/${projectId}/versions/${versionId}/${slug}.zip`, filename: `${slug}.zip`, primary: true, size: 1000 + i, file_type: null,
        }],
      }),
    ]);
    const downloads = Math.floor(10 / Math.pow(1 - r() * 0.999, 1 / 1.1));
    add(`downloads-${projectId}`, [DownloadsCounted({ project_id: projectId, version_id: versionId, count: downloads })]);
    if (r() < 0.3) { const fan = pick(authors); add(`follows-${fan.id}-${i}`, [ProjectFollowed({ user_id: fan.id, project_id: projectId })]); }
  }
  flush();
  return { events };
}

/**
 * The generated projects' titles: a word combination not used yet, tried up to TITLE_TRIES times, else the last one
 * tried with the project's number. Once every combination of a type's words is used (after a few thousand projects),
 * each try fails, so the tries before the last only advance the random numbers by what their picks would draw.
 */
import type { Rng } from './random';
import { ADJECTIVES, NOUNS, PACK_WORDS, SERVER_WORDS, slugify } from './words';

const TITLE_TRIES = 50;

/** the words a type's titles are made of: mods (and behaviour packs) two, modpacks three, servers two after two drawn for nothing */
type Pool = 'two' | 'pack' | 'server';
/** random numbers each try draws (one per word picked) */
const DRAWS: Record<Pool, number> = { two: 2, pack: 3, server: 4 };

function combinations(pool: Pool): string[] {
  const pairs = (a: readonly string[], b: readonly string[]) => a.flatMap((x) => b.map((y) => `${x} ${y}`));
  if (pool === 'two') return pairs(ADJECTIVES, NOUNS);
  if (pool === 'pack') return pairs(pairs(ADJECTIVES, NOUNS), PACK_WORDS);
  return pairs(ADJECTIVES, SERVER_WORDS);
}

export class TitlePicker {
  /** every slug given so far */
  private readonly used = new Set<string>();
  /** the slugs of the combinations tried (a few thousand titles, each tried many times) */
  private readonly slugs = new Map<string, string>();
  /** per pool: how many distinct slugs its combinations have, and how many of them are used */
  private readonly pools = new Map<Pool, { size: number; used: number }>();

  constructor(private readonly rng: Rng) {}

  /** A title for project `i` of this type, and its slug (unique among those given). */
  next(type: 'modpack' | 'server' | 'other', i: number): { title: string; slug: string } {
    const pool: Pool = type === 'modpack' ? 'pack' : type === 'server' ? 'server' : 'two';
    const counts = this.poolCounts(pool);
    let tries = 0;
    if (counts.used === counts.size) {
      // every try but the last would find its combination used: draw what they would have drawn
      for (let n = 0; n < (TITLE_TRIES - 1) * DRAWS[pool]; n++) this.rng.next();
      tries = TITLE_TRIES - 1;
    }
    let title = '';
    for (; tries < TITLE_TRIES; tries++) {
      title = this.tryTitle(pool);
      const slug = this.slugOf(title);
      if (!this.used.has(slug)) {
        this.used.add(slug);
        counts.used++;
        return { title, slug };
      }
    }
    title = `${title} ${i}`;
    const slug = slugify(title);
    this.used.add(slug);
    return { title, slug };
  }

  private tryTitle(pool: Pool): string {
    const rng = this.rng;
    const base = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
    if (pool === 'pack') return `${base} ${rng.pick(PACK_WORDS)}`;
    if (pool === 'server') return `${rng.pick(ADJECTIVES)} ${rng.pick(SERVER_WORDS)}`;
    return base;
  }

  private slugOf(title: string): string {
    let slug = this.slugs.get(title);
    if (slug === undefined) this.slugs.set(title, (slug = slugify(title)));
    return slug;
  }

  private poolCounts(pool: Pool) {
    let counts = this.pools.get(pool);
    if (!counts) this.pools.set(pool, (counts = { size: new Set(combinations(pool).map(slugify)).size, used: 0 }));
    return counts;
  }
}

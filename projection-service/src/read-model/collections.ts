import type { CollectionName, Documents } from './documents';
import { COMMUNITY_INDEXES } from './community-documents';
import { ANALYTICS_INDEXES } from './analytics-documents';
import { THREAD_INDEXES } from './thread-documents';

/**
 * The secondary indexes each collection has, as functions from a document to
 * its keys. Adapters maintain them (SQLite: a key table; MongoDB: a multikey
 * `_keys.<name>` field with an index). Lookups are exact on the key.
 */
export const INDEXES: { [C in CollectionName]: Record<string, (doc: Documents[C]) => string[]> } = {
  projects: {
    slug: (p) => [p.slug.toLowerCase()],
    member: (p) => p.members.map((m) => m.user_id),
    team: (p) => [p.team],
    // the moderation queue (status processing), the one status read by key: its routes find it without scanning every project
    review: (p) => (p.status === 'processing' ? ['processing'] : []),
  },
  versions: {
    project: (v) => [v.project_id],
    sha1: (v) => v.files.map((f) => f.hashes.sha1),
    sha512: (v) => v.files.map((f) => sha512Key(f.hashes.sha512)),
  },
  users: {
    username: (u) => [u.username.toLowerCase()],
  },
  follows: {
    user: (f) => [f.user_id],
    project: (f) => [f.project_id],
  },
  reports: {
    reporter: (r) => [r.reporter],
    item: (r) => [r.item_id],
    // the open reports (the moderators' list and counts): found without parsing the closed ones, which only accumulate
    open: (r) => (r.closed ? [] : ['open']),
  },
  ...COMMUNITY_INDEXES,
  ...ANALYTICS_INDEXES,
  ...THREAD_INDEXES,
};

/** sha512 hashes are indexed by their first 32 hex digits (128 bits); lookups compare the full hash. */
export const sha512Key = (hash: string) => hash.slice(0, 32).toLowerCase();

export type IndexName<C extends CollectionName> = keyof (typeof INDEXES)[C] & string;

export function indexKeys<C extends CollectionName>(coll: C, doc: Documents[C]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const defs = INDEXES[coll] as Record<string, (d: Documents[C]) => string[]>;
  for (const name in defs) {
    const keys = defs[name](doc);
    for (let i = 0; i < keys.length; i++) if (keys.indexOf(keys[i]) === i) out.push([name, keys[i]]);
  }
  return out;
}

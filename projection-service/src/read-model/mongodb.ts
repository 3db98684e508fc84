import { MongoClient, type AnyBulkWriteOperation, type Binary, type Collection, type Db } from 'mongodb';
import { INDEXES, indexKeys } from './collections';
import type { CollectionName, Documents } from './documents';
import { decodeDoc, decodeText, encodeDoc, encodeText } from './mongo-codec';
import type { Counts, CountsQuery, DocChange, ReadModelStore } from './port';

export interface MongoReadModelsOptions {
  /** mongodb://127.0.0.1:27017 */
  url: string;
  /** database name (default 'modshelf') */
  database?: string;
  /** prefix of every collection name (tests use a unique one) */
  prefix?: string;
  /** an already connected client to share; it is not closed by close(). */
  client?: MongoClient;
  /** most write ops per `bulkWrite` command (default: bulkChunkFromEnv(), see below). */
  bulkChunk?: number;
  /** `bulkWrite` commands in flight at once during a commit (default MONGO_BULK_PARALLEL or 2). */
  bulkParallel?: number;
}

/**
 * Write ops per `bulkWrite` command, sized from the server's backend connection pool.
 *
 * FerretDB 1.x (PostgreSQL backend) holds one pooled PostgreSQL connection for every op of an
 * `update` command that matches a document until the whole command returns; a command matching
 * as many documents as the pool holds waits for itself forever and stalls every other client
 * (integration/README.md, "FerretDB: one update command can exhaust the pool"). So a command may
 * match at most a share of the pool: `MONGO_BULK_CHUNK` when set, else
 * floor(MONGO_SERVER_POOL * 0.8 / MONGO_BULK_PARALLEL), MONGO_SERVER_POOL being the server's
 * backend pool (FerretDB's `pool_max_conns`, default 40 as integration/servers/ferretdb.sh sets it)
 * and MONGO_BULK_PARALLEL the commands this adapter keeps in flight (default 2): 16 by default,
 * leaving a fifth of the pool to readers and to other workers. A real MongoDB has no such limit;
 * the chunks then only bound the size of one command.
 */
export function bulkChunkFromEnv(env: NodeJS.ProcessEnv = process.env): { chunk: number; parallel: number } {
  const positive = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const parallel = positive(env.MONGO_BULK_PARALLEL, 2);
  const pool = positive(env.MONGO_SERVER_POOL, 40);
  const chunk = positive(env.MONGO_BULK_CHUNK, Math.max(1, Math.floor((pool * 0.8) / parallel)));
  return { chunk, parallel };
}

/**
 * One stored read-model document (`doc` as mongo-codec.ts stores it). `_pos` is the log position of the last change written to it:
 * a change is applied only when its position is >= the stored one, so re-applying an older batch
 * after a crash or an at-least-once redelivery never regresses a document (per-document revision).
 * A delete leaves a tombstone (`doc: null`) that keeps its `_pos` for the same reason.
 * `_keys.<index>` holds the document's secondary-index keys (collections.ts) as multikey arrays.
 */
interface Stored {
  _id: string;
  _pos: number;
  doc: Binary | null;
  _keys: Record<string, string[]>;
}

const COLLECTIONS = Object.keys(INDEXES) as CollectionName[];
/** characters per journal part (documents are limited to 16 MB) */
const JOURNAL_PART = 4_000_000;
const LIVE = { doc: { $ne: null } };

/** documents per insert command (inserts hold no connection per document on FerretDB; see bulkChunkFromEnv) */
const INSERT_CHUNK = 250;

function guardedReplace(replacement: Stored, position: number): AnyBulkWriteOperation<Stored> {
  return { replaceOne: { filter: { _id: replacement._id, _pos: { $lte: position } }, replacement, upsert: true } };
}

/** Thrown by a fenced writeJournal when another writer's journal stands where this one expected its own. */
export class JournalFencedError extends Error {
  constructor(readonly expectedHead: number | null) {
    super(`the journal no longer stands at ${expectedHead ?? 'nothing'}: another worker wrote the projections since`);
    this.name = 'JournalFencedError';
  }
}

/** The distributed read models: MongoDB (or a MongoDB-wire server such as FerretDB) via the official driver. */
export class MongoReadModels implements ReadModelStore {
  readonly client: MongoClient;
  private readonly ownsClient: boolean;
  private readonly db: Db;
  private readonly prefix: string;
  private ready: Promise<void> | null = null;
  readonly bulkChunk: number;
  readonly bulkParallel: number;

  constructor(options: MongoReadModelsOptions) {
    this.ownsClient = !options.client;
    this.client = options.client ?? new MongoClient(options.url, { serverSelectionTimeoutMS: 10000 });
    this.db = this.client.db(options.database ?? 'modshelf');
    this.prefix = options.prefix ?? 'rm_';
    const fromEnv = bulkChunkFromEnv();
    this.bulkChunk = options.bulkChunk ?? fromEnv.chunk;
    this.bulkParallel = options.bulkParallel ?? fromEnv.parallel;
    if (!(this.bulkChunk >= 1 && this.bulkParallel >= 1)) throw new Error('bulkChunk and bulkParallel must be at least 1');
  }

  private coll(name: CollectionName): Collection<Stored> {
    return this.db.collection<Stored>(`${this.prefix}${name}`);
  }

  private meta(): Collection<{ _id: string; position: number; parts?: number; data?: string | Binary }> {
    return this.db.collection(`${this.prefix}meta`);
  }

  /** The meta collection's `keys:` entries: the indexes filled from the documents stored before them (backfillIndex). */
  private filledIndexes(): Collection<{ _id: string; filled: true }> {
    return this.db.collection(`${this.prefix}meta`);
  }

  /**
   * Records a batch about to be committed (a redo journal: see storage/journaled.ts). A payload of
   * at most JOURNAL_PART characters goes in the header itself (one write); a longer one in parts,
   * then the header that names the batch's position: the header is the commit point, so a
   * half-written journal is never read. Each part is deflated (mongo-codec.ts).
   *
   * `expectedHead`, when given, fences the write: the header is replaced only while it still names
   * that position (null: no journal yet), else JournalFencedError is thrown and nothing is written
   * over it (another writer journaled a batch since this one last looked).
   */
  async writeJournal(position: number, payload: string, expectedHead?: number | null): Promise<void> {
    await this.init();
    const header = async (doc: { position: number; parts: number; data?: Binary }) => {
      if (expectedHead === undefined) {
        await this.meta().replaceOne({ _id: 'journal' }, doc, { upsert: true });
        return;
      }
      if (expectedHead === null) {
        const inserted = await this.meta()
          .insertOne({ _id: 'journal', ...doc })
          .then(() => true)
          .catch((err: { code?: number }) => {
            if (err.code === 11000) return false;
            throw err;
          });
        if (!inserted) throw new JournalFencedError(expectedHead);
        return;
      }
      const r = await this.meta().replaceOne({ _id: 'journal', position: expectedHead }, doc);
      if (r.matchedCount === 0) throw new JournalFencedError(expectedHead);
    };
    if (payload.length <= JOURNAL_PART) {
      await header({ position, parts: 0, data: encodeText(payload) });
      return;
    }
    if (expectedHead !== undefined && ((await this.journalHead())?.position ?? null) !== expectedHead) throw new JournalFencedError(expectedHead);
    const parts = Math.ceil(payload.length / JOURNAL_PART);
    for (let i = 0; i < parts; i++) {
      const data = encodeText(payload.slice(i * JOURNAL_PART, (i + 1) * JOURNAL_PART));
      await this.meta().replaceOne({ _id: `journal-${i}` }, { position, data }, { upsert: true });
    }
    await header({ position, parts });
  }

  /** The position the journal's header names (null when there is no journal); its payload is not read. */
  async journalHead(): Promise<{ position: number } | null> {
    await this.init();
    const head = await this.meta().findOne({ _id: 'journal' }, { projection: { position: 1 } });
    return head ? { position: head.position } : null;
  }

  /** The last journaled batch (null when none, or none beyond `after`, or when its parts do not match its header). */
  async readJournal(after = -1): Promise<{ position: number; payload: string } | null> {
    await this.init();
    const head = await this.meta().findOne({ _id: 'journal' });
    if (!head || head.position <= after) return null;
    if (head.parts === 0 && head.data !== undefined) return { position: head.position, payload: decodeText(head.data) };
    if (!head.parts) return null;
    const ids = Array.from({ length: head.parts }, (_, i) => `journal-${i}`);
    const rows = await this.meta()
      .find({ _id: { $in: ids } })
      .toArray();
    const byId = new Map(rows.map((r) => [r._id, r]));
    if (ids.some((id) => byId.get(id)?.position !== head.position)) return null;
    return { position: head.position, payload: ids.map((id) => decodeText(byId.get(id)!.data ?? '')).join('') };
  }

  /**
   * Creates the multikey indexes once. An index that the collection's stored documents were written without (collections.ts
   * has it, their `_keys` do not) is filled from them (backfillIndex).
   */
  init(): Promise<void> {
    this.ready ??= (async () => {
      if (this.ownsClient) await this.client.connect();
      for (const c of COLLECTIONS) {
        for (const index of Object.keys(INDEXES[c])) {
          await this.coll(c).createIndex({ [`_keys.${index}`]: 1 }, { name: `keys_${index}` });
          await this.backfillIndex(c, index);
        }
      }
    })().catch((err) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  /**
   * Sets `_keys.<index>` on each stored document that holds keys of that index but was stored without them, from the
   * document as read, once per index (a `keys:` entry in the meta collection says it was done; a document without keys
   * of an index is stored without the field, as writeDocuments stores it). An update holds only while the document is the
   * one read (same `_pos`) and still lacks the field: a writer that stored it since wrote all its keys. Commands of at most
   * `bulkChunk` updates (bulkChunkFromEnv).
   */
  private async backfillIndex(coll: CollectionName, index: string): Promise<void> {
    const done = `keys:${coll}.${index}`;
    if (await this.filledIndexes().findOne({ _id: done })) return;
    const field = `_keys.${index}`;
    let ops: AnyBulkWriteOperation<Stored>[] = [];
    for await (const row of this.coll(coll).find({ ...LIVE, [field]: { $exists: false } }, { projection: { _id: 1, _pos: 1, doc: 1 } })) {
      const keys = indexKeys(coll, decodeDoc(row.doc) as never).flatMap(([name, key]) => (name === index ? [key] : []));
      if (keys.length === 0) continue;
      ops.push({ updateOne: { filter: { _id: row._id, _pos: row._pos, [field]: { $exists: false } }, update: { $set: { [field]: keys } } } });
      if (ops.length >= this.bulkChunk) {
        await this.bulkWrite(coll, ops);
        ops = [];
      }
    }
    if (ops.length) await this.bulkWrite(coll, ops);
    await this.filledIndexes().updateOne({ _id: done }, { $set: { filled: true } }, { upsert: true });
  }

  async get<C extends CollectionName>(coll: C, id: string): Promise<Documents[C] | null> {
    await this.init();
    const row = await this.coll(coll).findOne({ _id: id });
    return (decodeDoc(row?.doc) as Documents[C] | null) ?? null;
  }

  async getMany<C extends CollectionName>(coll: C, ids: readonly string[]): Promise<Documents[C][]> {
    if (ids.length === 0) return [];
    await this.init();
    const rows = await this.coll(coll)
      .find({ _id: { $in: [...new Set(ids)] }, ...LIVE })
      .toArray();
    const byId = new Map(rows.map((r) => [r._id, decodeDoc(r.doc) as Documents[C]]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async findIds(coll: CollectionName, index: string, key: string): Promise<string[]> {
    await this.init();
    const rows = await this.coll(coll)
      .find({ [`_keys.${index}`]: key }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray();
    return rows.map((r) => r._id);
  }

  async count(coll: CollectionName): Promise<number> {
    await this.init();
    return this.coll(coll).countDocuments(LIVE);
  }

  /**
   * One position when the checkpoint held. The distinct keys come back in one document of at most 16 MB: a $group would count
   * them on the server, but FerretDB 1.24 (test:integration's) unwinds a dotted path into a top-level field and has no $replaceRoot.
   */
  async counts(q: CountsQuery): Promise<Counts> {
    const before = await this.checkpoint();
    const documents = await Promise.all(q.documents.map((coll) => this.coll(coll).countDocuments(LIVE)));
    const keys = await Promise.all(q.keys.map(async ([coll, index]) => (await this.coll(coll).distinct(`_keys.${index}`, LIVE)).length));
    const after = await this.checkpoint();
    return { position: before === after ? before : null, documents, keys };
  }

  async *scan<C extends CollectionName>(coll: C): AsyncIterable<[string, Documents[C]]> {
    await this.init();
    for await (const row of this.coll(coll).find(LIVE).sort({ _id: 1 })) yield [row._id, decodeDoc(row.doc) as Documents[C]];
  }

  async checkpoint(): Promise<number> {
    await this.init();
    return (await this.meta().findOne({ _id: 'checkpoint' }))?.position ?? 0;
  }

  /**
   * Unordered bulk writes, then the checkpoint. Changes are coalesced per document (the last one
   * of a batch wins), split into commands of at most `bulkChunk` ops (see bulkChunkFromEnv), and
   * sent with `bulkParallel` commands in flight. Not one transaction (a MongoDB-wire server may have
   * none), which is safe: every write is guarded by the document's `_pos`, and a crash before the
   * checkpoint only makes the runner re-apply the same changes.
   */
  async commit(changes: readonly DocChange[], position: number): Promise<void> {
    await this.writeDocuments(changes, position);
    await this.writeCheckpoint(position);
  }

  /** The checkpoint's half of commit(): moves it to `position` (never back). */
  async writeCheckpoint(position: number): Promise<void> {
    await this.init();
    await this.meta().updateOne({ _id: 'checkpoint' }, { $max: { position } }, { upsert: true });
  }

  /** The documents' half of commit(), without the checkpoint. */
  async writeDocuments(changes: readonly DocChange[], position: number): Promise<void> {
    await this.init();
    // the last change of a document in a batch wins
    const last = new Map<string, DocChange>();
    for (const c of changes) last.set(`${c.coll}\u0000${c.id}`, c);
    const byColl = new Map<CollectionName, AnyBulkWriteOperation<Stored>[]>();
    const inserts = new Map<CollectionName, Stored[]>();
    for (const c of last.values()) {
      const keys: Record<string, string[]> = {};
      if (c.doc) for (const [name, key] of indexKeys(c.coll, c.doc as never)) (keys[name] ??= []).push(key);
      const replacement: Stored = { _id: c.id, _pos: position, doc: encodeDoc(c.doc), _keys: keys };
      if (c.isNew) {
        // the batch found no such document: an insert (several per command, far cheaper than an
        // upsert on FerretDB); should it exist after all, the guarded replace below takes over
        const docs = inserts.get(c.coll) ?? [];
        inserts.set(c.coll, docs);
        docs.push(replacement);
        continue;
      }
      const ops = byColl.get(c.coll) ?? [];
      byColl.set(c.coll, ops);
      ops.push(guardedReplace(replacement, position));
    }
    const commands: Array<() => Promise<void>> = [];
    for (const [coll, docs] of inserts) {
      for (let i = 0; i < docs.length; i += INSERT_CHUNK) commands.push(() => this.insert(coll, docs.slice(i, i + INSERT_CHUNK), position));
    }
    for (const [coll, ops] of byColl) {
      // spread over the lanes: 20 ops go as two commands of 10, not 16 and 4
      const size = Math.min(this.bulkChunk, Math.ceil(ops.length / this.bulkParallel));
      for (let i = 0; i < ops.length; i += size) commands.push(() => this.bulkWrite(coll, ops.slice(i, i + size)));
    }
    let next = 0;
    const lane = async () => {
      while (next < commands.length) await commands[next++]();
    };
    await Promise.all(Array.from({ length: Math.min(this.bulkParallel, commands.length) }, lane));
  }

  /** Inserts new documents; those that exist already (a re-applied batch) go through the guarded replace. */
  private async insert(coll: CollectionName, docs: Stored[], position: number): Promise<void> {
    try {
      await this.coll(coll).insertMany(docs, { ordered: false });
    } catch (err) {
      const errors = (err as { writeErrors?: Array<{ code: number; index: number }> | { code: number; index: number } }).writeErrors;
      const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
      if (list.length === 0 || list.some((e) => e.code !== 11000)) throw err;
      const existing = list.map((e) => docs[e.index]);
      for (let i = 0; i < existing.length; i += this.bulkChunk) {
        await this.bulkWrite(
          coll,
          existing.slice(i, i + this.bulkChunk).map((d) => guardedReplace(d, position)),
        );
      }
    }
  }

  /** Every stored id of a collection, tombstones included (the projection worker's cache). */
  async ids(coll: CollectionName): Promise<string[]> {
    await this.init();
    const rows = await this.coll(coll)
      .find({}, { projection: { _id: 1 } })
      .toArray();
    return rows.map((r) => r._id);
  }

  /** Every key index `index` of a collection holds (the projection worker's cache). */
  async keys(coll: CollectionName, index: string): Promise<string[]> {
    await this.init();
    return (await this.coll(coll).distinct(`_keys.${index}`, {})).map(String);
  }

  private async bulkWrite(coll: CollectionName, ops: AnyBulkWriteOperation<Stored>[]): Promise<void> {
    try {
      await this.coll(coll).bulkWrite(ops, { ordered: false });
    } catch (err) {
      // a duplicate key on upsert means the stored document is newer than this change: skip it
      const errors = (err as { writeErrors?: Array<{ code: number }> | { code: number } }).writeErrors;
      const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
      if (list.length === 0 || list.some((e) => e.code !== 11000)) throw err;
    }
  }

  async reset(): Promise<void> {
    await this.init();
    for (const c of COLLECTIONS) await this.coll(c).deleteMany({});
    await this.meta().deleteMany({});
  }

  /** Drops this prefix's collections (tests). */
  async drop(): Promise<void> {
    await this.init();
    for (const c of [...COLLECTIONS.map((c) => `${this.prefix}${c}`), `${this.prefix}meta`]) {
      await this.db.dropCollection(c).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}

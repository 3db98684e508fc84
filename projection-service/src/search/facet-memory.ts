import { Bitset } from './bitset';
import { NUMBER_FIELDS, type FacetAtom, type FacetFilter } from './port';
import { SortedOrder } from './sorted-order';
import { RowIds, SparseField, type IdList } from './restored-maps';

export type NumberField = (typeof NUMBER_FIELDS)[number];
/** Tag fields with many distinct values keep sets of rows instead of bit sets. */
const SPARSE_FIELDS = new Set(['project_id', 'name', 'slug', 'author', 'author_id']);
const CASE_SENSITIVE = new Set(['project_id', 'author_id']);
/** What decides how rows are held: a snapshot taken under another layout is not read (memory-snapshot.ts). */
export const MEMORY_LAYOUT = JSON.stringify([[...SPARSE_FIELDS], [...CASE_SENSITIVE], NUMBER_FIELDS]);
/** Above this many rows a page is read by walking the precomputed order; below, rows are sorted. */
const WALK_THRESHOLD = 2000;
/** A big batch re-sorts the orders once instead of moving rows one by one. */
export const RESORT_THRESHOLD = 256;

/** A row's facets as stored in SQLite (`search_docs.facets`). */
export interface Stored {
  tags: Record<string, string[]>;
  numbers: Record<NumberField, number>;
  /** hash of the text fields: an update with the same text leaves the FTS5 row alone. */
  th?: number;
}

export function normalizeTag(field: string, value: string): string {
  return CASE_SENSITIVE.has(field) ? value : value.toLowerCase();
}

/** FNV-1a, 32 bits. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function compare<T extends number | string>(a: T, b: T, op: FacetAtom['op']): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

/** A row's project and facets. */
export interface Row {
  projectId: string;
  stored: Stored;
}

/** What the memory reads back from the stored rows (the slow paths of sparse fields). */
export interface StoredRows {
  /** the tags of one row */
  tags(rid: number): Record<string, string[]>;
  /** the stored facets of every row */
  all(): Iterable<Stored>;
}

/** The in-memory state as flat arrays: what a snapshot stores. */
export interface MemoryState {
  alive: Uint32Array;
  ids: IdList;
  nums: Record<NumberField, Float64Array>;
  orders: Record<NumberField, Int32Array>;
  dense: Array<{ field: string; value: string; words: Uint32Array }>;
  /** per sparse field, (value hash, row) pairs */
  sparse: Array<{ field: string; pairs: Uint32Array }>;
}

/**
 * The search index's in-memory side: which rows are alive, their facet bit sets (sets of rows for
 * high-cardinality fields), their numbers and the precomputed sort orders.
 */
export class FacetMemory {
  private cap = 1024;
  alive = new Bitset(32);
  private readonly ids = new RowIds();
  nums: Record<NumberField, Float64Array>;
  private readonly dense = new Map<string, Map<string, Bitset>>();
  /** high-cardinality fields: 32-bit hash of the value -> one row id, or several (checked against the row on use). */
  private readonly sparse = new Map<string, SparseField>();
  readonly orders: Record<NumberField, SortedOrder>;
  /** set after a big batch: the sort orders are rebuilt on the next query that needs them. */
  ordersStale = false;

  constructor(private readonly rows: StoredRows) {
    this.nums = FacetMemory.freshNumbers(this.cap);
    this.orders = {
      downloads: new SortedOrder(() => this.nums.downloads),
      follows: new SortedOrder(() => this.nums.follows),
      created_timestamp: new SortedOrder(() => this.nums.created_timestamp),
      modified_timestamp: new SortedOrder(() => this.nums.modified_timestamp),
    };
  }

  private static freshNumbers(size: number): Record<NumberField, Float64Array> {
    return {
      downloads: new Float64Array(size),
      follows: new Float64Array(size),
      created_timestamp: new Float64Array(size),
      modified_timestamp: new Float64Array(size),
    };
  }

  private ensureCapacity(rid: number): void {
    if (rid < this.cap) return;
    let cap = this.cap;
    while (cap <= rid) cap *= 2;
    const next = FacetMemory.freshNumbers(cap);
    for (const f of NUMBER_FIELDS) next[f].set(this.nums[f]);
    this.nums = next;
    this.cap = cap;
  }

  /** row by project id (a restored state builds it when first asked) */
  get ridById(): Map<string, number> {
    return this.ids.byId;
  }

  /** project id by row */
  get idByRid(): Array<string | undefined> {
    return this.ids.byRid;
  }

  /** False only when the project is surely not held (a restored state answers true until its ids are built). */
  mayHold(projectId: string): boolean {
    return this.ids.mayHold(projectId);
  }

  private sparseField(field: string): SparseField {
    let f = this.sparse.get(field);
    if (!f) this.sparse.set(field, (f = new SparseField()));
    return f;
  }

  /** The whole in-memory state as flat arrays (for memory-snapshot.ts). */
  exportState(): MemoryState {
    if (this.ordersStale) this.freshOrder('downloads');
    let used = this.alive.words.length;
    while (used > 0 && this.alive.words[used - 1] === 0) used--;
    const rows = Math.min(this.cap, used * 32);
    const sparse = [...this.sparse].map(([field, f]) => ({ field, pairs: f.pairs() }));
    const dense: MemoryState['dense'] = [];
    for (const [field, values] of this.dense) for (const [value, set] of values) dense.push({ field, value, words: set.words });
    const nums = {} as Record<NumberField, Float64Array>;
    const orders = {} as Record<NumberField, Int32Array>;
    for (const f of NUMBER_FIELDS) {
      nums[f] = this.nums[f].subarray(0, rows);
      orders[f] = this.orders[f].ids.subarray(0, this.orders[f].len);
    }
    const ids = this.ids.list(() => this.alive.toArray());
    return { alive: this.alive.words, ids, nums, orders, dense, sparse };
  }

  /** Replaces the state with an exported one; the project ids and sparse fields are rebuilt when first needed. */
  importState(state: MemoryState): void {
    this.clear();
    this.alive = new Bitset(0);
    this.alive.words = state.alive;
    this.cap = 1024;
    while (this.cap < state.nums.downloads.length) this.cap *= 2;
    this.nums = FacetMemory.freshNumbers(this.cap);
    for (const f of NUMBER_FIELDS) {
      this.nums[f].set(state.nums[f]);
      this.orders[f].restore(state.orders[f]);
    }
    for (const { field, value, words } of state.dense) {
      let m = this.dense.get(field);
      if (!m) this.dense.set(field, (m = new Map()));
      const b = new Bitset(0);
      b.words = words;
      m.set(value, b);
    }
    for (const { field, pairs } of state.sparse) this.sparse.set(field, SparseField.restored(pairs));
    this.ids.restore(state.ids);
    this.ordersStale = false;
  }

  add(rid: number, projectId: string, stored: Stored): void {
    this.ensureCapacity(rid);
    this.alive.set(rid);
    this.ids.set(rid, projectId);
    for (const f of NUMBER_FIELDS) this.nums[f][rid] = stored.numbers[f] ?? 0;
    for (const [field, values] of Object.entries(stored.tags)) {
      for (const raw of values) {
        const v = normalizeTag(field, raw);
        if (SPARSE_FIELDS.has(field)) this.sparseField(field).add(fnv1a(v), rid);
        else {
          let m = this.dense.get(field);
          if (!m) this.dense.set(field, (m = new Map()));
          let b = m.get(v);
          if (!b) m.set(v, (b = new Bitset(0)));
          b.set(rid);
        }
      }
    }
  }

  /**
   * Rows changed since a restored state, each with its state then (null: absent) and now (null: removed): the sets follow
   * row by row, the sort orders in one pass each (as a rebuild orders them).
   */
  replaceRows(changes: Iterable<{ rid: number; before: Row | null; after: Row | null }>): void {
    const changed = new Bitset(0);
    const added: number[] = [];
    for (const { rid, before, after } of changes) {
      changed.set(rid);
      if (before) this.remove(rid, before.projectId, before.stored);
      if (after) {
        this.add(rid, after.projectId, after.stored);
        added.push(rid);
      }
    }
    if (!this.ordersStale) for (const f of NUMBER_FIELDS) this.orders[f].merge(changed, [...added]);
  }

  remove(rid: number, projectId: string, stored: Stored): void {
    this.alive.clear(rid);
    this.ids.delete(rid, projectId);
    for (const [field, values] of Object.entries(stored.tags)) {
      for (const raw of values) {
        const v = normalizeTag(field, raw);
        if (SPARSE_FIELDS.has(field)) this.sparse.get(field)?.remove(fnv1a(v), rid);
        else this.dense.get(field)?.get(v)?.clear(rid);
      }
    }
  }

  clear(): void {
    this.alive = new Bitset(32);
    this.ids.clear();
    this.dense.clear();
    this.sparse.clear();
    for (const f of NUMBER_FIELDS) this.orders[f].rebuild([]);
  }

  private tagSet(field: string, value: string): Bitset {
    const v = normalizeTag(field, value);
    if (SPARSE_FIELDS.has(field)) {
      const rids = this.sparse.get(field)?.rows(fnv1a(v)) ?? [];
      return Bitset.fromIterable(rids.filter((rid) => this.rows.tags(rid)[field]?.some((x) => normalizeTag(field, x) === v)));
    }
    // shared, not copied: every set operation below returns a new set, and a query keeps only row ids
    return this.dense.get(field)?.get(v) ?? new Bitset(0);
  }

  /** Every value a field holds (sparse fields: read from the rows, a slow path for rare range facets). */
  private tagValues(field: string): string[] {
    if (!SPARSE_FIELDS.has(field)) return [...(this.dense.get(field)?.keys() ?? [])];
    const values = new Set<string>();
    for (const stored of this.rows.all()) for (const v of stored.tags[field] ?? []) values.add(normalizeTag(field, v));
    return [...values];
  }

  private atomSet(a: FacetAtom): Bitset {
    if ((NUMBER_FIELDS as readonly string[]).includes(a.field)) {
      const arr = this.nums[a.field as NumberField];
      const x = Number(a.value);
      const out = new Bitset(this.alive.words.length);
      for (const rid of this.alive.toArray()) if (compare(arr[rid], x, a.op)) out.set(rid);
      return out;
    }
    const value = String(a.value);
    if (a.op === '=') return this.tagSet(a.field, value);
    if (a.op === '!=') return this.alive.andNot(this.tagSet(a.field, value));
    let out = new Bitset(0);
    const target = normalizeTag(a.field, value);
    for (const v of this.tagValues(a.field)) {
      const both = v !== '' && target !== '' && !isNaN(Number(v)) && !isNaN(Number(target));
      const ok = both ? compare(Number(v), Number(target), a.op) : compare(v, target, a.op);
      if (ok) out = out.or(this.tagSet(a.field, v));
    }
    return out;
  }

  /**
   * The rows a facet filter keeps (every atom's set holds only rows alive, so a conjunction starts from its first atom).
   * The set may be one the memory holds: callers must not change it.
   */
  filterSet(filter: FacetFilter): Bitset {
    let result: Bitset | null = null;
    for (const group of filter) {
      let any: Bitset | null = null;
      for (const conj of group) {
        let all = conj.length > 0 ? this.atomSet(conj[0]) : this.alive.clone();
        for (let i = 1; i < conj.length; i++) all = all.and(this.atomSet(conj[i]));
        any = any ? any.or(all) : all;
      }
      const kept = any ?? new Bitset(0);
      result = result ? result.and(kept) : kept;
    }
    return result ?? this.alive.clone();
  }

  private freshOrder(field: NumberField): SortedOrder {
    if (this.ordersStale) {
      const rids = this.alive.toArray();
      for (const f of NUMBER_FIELDS) this.orders[f].rebuild([...rids]);
      this.ordersStale = false;
    }
    return this.orders[field];
  }

  /** Rows `skip` to `skip + take` of `set` (which holds `count` rows) in descending order of `field`. */
  page(set: Bitset, count: number, field: NumberField, skip: number, take: number): number[] {
    if (take <= 0 || skip >= count) return [];
    if (count <= WALK_THRESHOLD) {
      const k = this.nums[field];
      const rids = set.toArray().sort((a, b) => k[b] - k[a] || a - b);
      return rids.slice(skip, skip + take);
    }
    const out: number[] = [];
    const order = this.freshOrder(field);
    let seen = 0;
    for (let i = 0; i < order.len && out.length < take; i++) {
      const rid = order.ids[i];
      if (!set.has(rid)) continue;
      if (seen++ >= skip) out.push(rid);
    }
    return out;
  }
}

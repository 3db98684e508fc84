import type Database from 'better-sqlite3';

/** Rows per statement: 64 rows of up to 4 columns stay far below SQLite's limit on bound parameters. */
export const ROWS_PER_STATEMENT = 64;

/**
 * One write statement over many rows: `INSERT ... VALUES (?, ?), (?, ?) ...` with up to
 * ROWS_PER_STATEMENT rows a step, the rest one row a step. The same rows in the same order as a
 * statement run once per row, in fewer calls into SQLite (a build writes millions of rows).
 */
export class MultiRowStatement {
  private readonly many: Database.Statement;
  private readonly one: Database.Statement;
  private readonly params: unknown[];

  /** `head` and `tail` surround the VALUES list (`tail` may be empty or an ON CONFLICT clause); each row has `columns` values. */
  constructor(
    db: Database.Database,
    head: string,
    private readonly columns: number,
    tail = '',
  ) {
    const row = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
    this.many = db.prepare(`${head} VALUES ${Array.from({ length: ROWS_PER_STATEMENT }, () => row).join(', ')} ${tail}`);
    this.one = db.prepare(`${head} VALUES ${row} ${tail}`);
    this.params = new Array<unknown>(ROWS_PER_STATEMENT * columns);
  }

  /**
   * Runs the statement for every row, in order: each row's `columns` values are `values(row)`, made as the row is bound (by
   * default the row is its values).
   */
  run<R>(rows: readonly R[], values: (row: R) => readonly unknown[] = (row) => row as readonly unknown[]): void {
    const n = this.columns;
    let i = 0;
    for (; i + ROWS_PER_STATEMENT <= rows.length; i += ROWS_PER_STATEMENT) {
      for (let r = 0; r < ROWS_PER_STATEMENT; r++) {
        const row = values(rows[i + r]);
        for (let c = 0; c < n; c++) this.params[r * n + c] = row[c];
      }
      this.many.run(this.params);
    }
    for (; i < rows.length; i++) this.one.run(values(rows[i]));
  }
}

/**
 * `rows` in (group, then `within`) order: grouped by `group` first (a few groups: collections, index numbers), then each
 * group sorted alone, so the comparator never compares the groups again (a build sorts millions of rows). Stable: rows
 * equal under `within` keep their order.
 */
export function groupSorted<R, G extends string | number>(rows: readonly R[], group: (row: R) => G, within: (a: R, b: R) => number): R[] {
  const groups = new Map<G, R[]>();
  for (const row of rows) {
    const g = group(row);
    const list = groups.get(g);
    if (list) list.push(row);
    else groups.set(g, [row]);
  }
  const out: R[] = [];
  for (const g of [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) for (const row of groups.get(g)!.sort(within)) out.push(row);
  return out;
}

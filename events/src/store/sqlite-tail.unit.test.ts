import { describe, expect, it } from 'vitest';
import type { Row } from './sqlite-rows';
import { SHARED_TAIL_BATCHES, SharedTail } from './sqlite-tail';

const row = (position: number): Row => ({
  position,
  stream_id: `s-${position}`,
  revision: 0,
  type: 'Noted',
  schema_version: 1,
  data: JSON.stringify({ n: position }),
  metadata: JSON.stringify({ actor: null }),
});

/** A log in memory whose reads (at most `limit` rows after a position) are counted. */
function log(limit = 3) {
  const rows: Row[] = [];
  const reads: number[] = [];
  const read = (after: number) => (reads.push(after), rows.filter((r) => r.position > after).slice(0, limit));
  return { rows, reads, tail: new SharedTail(read) };
}

describe('SharedTail', () => {
  it('reads and parses a batch once for every subscription after the same position', () => {
    const { rows, reads, tail } = log();
    rows.push(row(1), row(2));
    const first = tail.after(0);
    expect(first.map((e) => [e.position, e.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
    ]);
    expect(tail.after(0)).toBe(first);
    expect(reads).toEqual([0]);
  });

  it('gives a kept batch as the prefix it is; the rest is read after its last position', () => {
    const { rows, reads, tail } = log();
    rows.push(row(1));
    expect(tail.after(0).map((e) => e.position)).toEqual([1]);
    rows.push(row(2), row(3));
    expect(tail.after(0).map((e) => e.position)).toEqual([1]);
    expect(tail.after(1).map((e) => e.position)).toEqual([2, 3]);
    expect(reads).toEqual([0, 1]);
  });

  it('keeps no empty batch: the next read after the same position sees what was appended since', () => {
    const { rows, reads, tail } = log();
    expect(tail.after(0)).toEqual([]);
    rows.push(row(1));
    expect(tail.after(0).map((e) => e.position)).toEqual([1]);
    expect(reads).toEqual([0, 0]);
  });

  it(`keeps the last ${SHARED_TAIL_BATCHES} batches`, () => {
    const { rows, reads, tail } = log(1);
    for (let p = 1; p <= SHARED_TAIL_BATCHES + 1; p++) rows.push(row(p));
    for (let p = 0; p <= SHARED_TAIL_BATCHES; p++) tail.after(p);
    tail.after(SHARED_TAIL_BATCHES);
    tail.after(1);
    expect(reads.length).toBe(SHARED_TAIL_BATCHES + 1);
    tail.after(0);
    expect(reads.length).toBe(SHARED_TAIL_BATCHES + 2);
  });

  it('hands out frozen events under the test runner: a handler that changes one fails', () => {
    const { rows, tail } = log();
    rows.push(row(1));
    const [event] = tail.after(0);
    expect(() => ((event.data as { n: number }).n = 2)).toThrow(TypeError);
    expect(() => ((event.metadata as { actor: unknown }).actor = 'x')).toThrow(TypeError);
    expect(tail.after(0)[0].data).toEqual({ n: 1 });
  });
});

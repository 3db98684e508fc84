import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBase62 } from '../ids';
import { generateCatalogue } from './catalogue';
import { catalogueAppends } from './catalogue-appends';
import type { GeneratedIds } from './random-ids';

/** ids from counters: the same appends on every run */
function counterIds(): GeneratedIds {
  let ids = 0;
  let events = 0;
  return {
    id: () => toBase62(62n ** 7n + BigInt(++ids)),
    eventId: () => `00000000-0000-4000-8000-${(++events).toString(16).padStart(12, '0')}`,
  };
}

const sha256 = (values: Iterable<unknown>) => {
  const h = createHash('sha256');
  for (const v of values) h.update(JSON.stringify(v));
  return h.digest('hex');
};

// Hashes of what the generator wrote before it was made faster (commit 75d2057): a cached log and a generated one are the same catalogue
describe('the generated catalogue, 2,000 projects from seed 42', () => {
  it('is the catalogue it always was, including titles numbered once the word combinations are used up', () => {
    const projects = [...generateCatalogue({ count: 2000, authors: 100, seed: 42 })];
    expect(projects.filter((p, i) => p.title.endsWith(` ${i}`)).length).toBe(755);
    expect(sha256(projects)).toBe('b42af4c7be74a2d4084565ab74b6e8b607b54fd50ec7d147fb929704d7e79c96');
  });

  it('gives the appends it always gave (events, data, metadata, file hashes)', () => {
    expect(sha256(catalogueAppends(2000, 42, 0, counterIds()))).toBe('e97c4b75569c959640fe0219871fbbd3c2be45b8921cfb1a695aee561988bae1');
  });
});

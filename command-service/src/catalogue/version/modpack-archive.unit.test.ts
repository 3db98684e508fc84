import AdmZip from 'adm-zip';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MODPACK_INDEX, modpackProblem } from './modpack-archive';

const index = (extra: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ formatVersion: 1, game: 'minecraft', versionId: '1.0.0', name: 'Pack', files: [], ...extra }));

function zip(entries: Record<string, Buffer>): Buffer {
  const z = new AdmZip();
  for (const [name, data] of Object.entries(entries)) z.addFile(name, data);
  return z.toBuffer();
}

describe('modpackProblem', () => {
  it('accepts a modpack with an index and ordinary content', () => {
    expect(modpackProblem(zip({ [MODPACK_INDEX]: index(), 'overrides/config.bin': randomBytes(4096) }))).toBeNull();
  });

  it('refuses what is not a zip, a missing or malformed index', () => {
    expect(modpackProblem(Buffer.from('PK-not-really-a-zip'))).toMatch(/^not a zip archive/);
    expect(modpackProblem(zip({ 'other.txt': Buffer.from('x') }))).toBe(`${MODPACK_INDEX} is missing`);
    expect(modpackProblem(zip({ [MODPACK_INDEX]: Buffer.from('{nope') }))).toBe(`${MODPACK_INDEX} is not JSON`);
    expect(modpackProblem(zip({ [MODPACK_INDEX]: index({ formatVersion: 2 }) }))).toBe(`${MODPACK_INDEX}: formatVersion must be 1`);
  });

  it('refuses a zip bomb by its declared sizes, without unpacking it', () => {
    const bomb = zip({ [MODPACK_INDEX]: index(), 'overrides/zeros.bin': Buffer.alloc(8 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(modpackProblem(bomb)).toMatch(/'overrides\/zeros.bin' expands \d+ times \(at most 100\): refused as a zip bomb/);
    const big = zip({ [MODPACK_INDEX]: index(), 'a.bin': randomBytes(300_000) });
    expect(modpackProblem(big, { maxUnpackedBytes: 200_000, maxRatio: 100, maxEntries: 10, maxIndexBytes: 1024 })).toMatch(
      /^it unpacks to \d+ bytes \(at most 200000\)/,
    );
  });

  it('reads the index with a hard cap on its unpacked size', () => {
    const huge = zip({ [MODPACK_INDEX]: Buffer.from(JSON.stringify({ formatVersion: 1, name: 'x', files: [], pad: randomBytes(40_000).toString('hex') })) });
    expect(modpackProblem(huge, { maxUnpackedBytes: 1e9, maxRatio: 100, maxEntries: 10, maxIndexBytes: 1024 })).toMatch(/cannot be read/);
  });
});

import AdmZip from 'adm-zip';
import { inflateRawSync } from 'node:zlib';

export const MODPACK_INDEX = 'modrinth.index.json';

export interface ModpackLimits {
  /** the most bytes all entries may unpack to (declared sizes) */
  maxUnpackedBytes: number;
  /** the most an entry may expand (unpacked / packed); zip bombs expand by hundreds or more */
  maxRatio: number;
  maxEntries: number;
  /** the largest modrinth.index.json read */
  maxIndexBytes: number;
}

export const DEFAULT_MODPACK_LIMITS: ModpackLimits = {
  maxUnpackedBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  maxEntries: 10_000,
  maxIndexBytes: 1024 * 1024,
};

/**
 * Checks a .mrpack (Modrinth's modpack format) from its central directory, never unpacking it:
 * a zip whose entries stay within the limits (a zip bomb is refused by its sizes and ratios) and
 * whose `modrinth.index.json` (inflated with a hard output cap) is an index of format 1.
 * Returns what is wrong, or null.
 */
export function modpackProblem(bytes: Buffer, limits: ModpackLimits = DEFAULT_MODPACK_LIMITS): string | null {
  let entries: AdmZip.IZipEntry[];
  try {
    entries = new AdmZip(bytes).getEntries();
  } catch (err) {
    return `not a zip archive (${(err as Error).message})`;
  }
  if (entries.length > limits.maxEntries) return `more than ${limits.maxEntries} entries`;
  let unpacked = 0;
  for (const e of entries) {
    const { size, compressedSize } = e.header;
    unpacked += size;
    if (size > 0 && size / Math.max(1, compressedSize) > limits.maxRatio) {
      return `'${e.entryName}' expands ${Math.round(size / Math.max(1, compressedSize))} times (at most ${limits.maxRatio}): refused as a zip bomb`;
    }
  }
  if (unpacked > limits.maxUnpackedBytes) return `it unpacks to ${unpacked} bytes (at most ${limits.maxUnpackedBytes})`;
  const index = entries.find((e) => e.entryName === MODPACK_INDEX);
  if (!index) return `${MODPACK_INDEX} is missing`;
  let text: string;
  try {
    const raw = index.getCompressedData();
    const data = index.header.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: limits.maxIndexBytes });
    text = data.toString('utf8');
  } catch (err) {
    return `${MODPACK_INDEX} cannot be read (${(err as Error).message})`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${MODPACK_INDEX} is not JSON`;
  }
  const idx = parsed as { formatVersion?: unknown; files?: unknown; name?: unknown };
  if (idx.formatVersion !== 1) return `${MODPACK_INDEX}: formatVersion must be 1`;
  if (typeof idx.name !== 'string' || !Array.isArray(idx.files)) return `${MODPACK_INDEX}: name and files are required`;
  return null;
}

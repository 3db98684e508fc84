import type Database from 'better-sqlite3';

const SHA512 = /\b[0-9a-f]{128}\b/g;
const AVATAR = /\/_avatars\/([A-Za-z0-9_.-]+)/g;

/**
 * The blobs (sha512) and avatar files the events of a log refer to: file hashes, icon and gallery
 * URLs (which carry the sha512), avatar URLs. Read from the copied log, so exactly those up to its position.
 */
export function referencedFiles(log: Database.Database): { blobs: Set<string>; avatars: Set<string> } {
  const blobs = new Set<string>();
  const avatars = new Set<string>();
  const rows = log.prepare<[], { data: string }>('SELECT data FROM events ORDER BY position').iterate();
  for (const { data } of rows) {
    for (const m of data.matchAll(SHA512)) blobs.add(m[0]);
    for (const m of data.matchAll(AVATAR)) avatars.add(m[1]);
  }
  return { blobs, avatars };
}

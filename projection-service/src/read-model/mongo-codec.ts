import { Binary } from 'mongodb';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How a read-model document (and the redo journal) is stored in a MongoDB-wire server: its JSON,
 * deflated, as one BSON binary field.
 *
 * FerretDB 1.24 (PostgreSQL backend) answers every filtered find and every update by scanning the
 * collection's table: its pushed-down filter is `_jsonb->$1 @> $2`, which no index serves. Each row
 * of a document stored as nested fields is a compressed jsonb of about 6 KB (FerretDB keeps a type
 * schema beside every value), decompressed for every row scanned. A document stored as one
 * deflated binary keeps the row small enough to stay uncompressed, so the scan behind each
 * `replaceOne` or `findOne` costs less (integration/README.md, "How a worker writes", has the figures).
 */
export function encodeDoc(doc: unknown): Binary | null {
  if (doc === null || doc === undefined) return null;
  return new Binary(deflateRawSync(JSON.stringify(doc), { level: 1 }));
}

/** The document an `encodeDoc` value holds; a document stored as fields (before this codec) is returned as it is. */
export function decodeDoc(stored: unknown): unknown {
  if (stored === null || stored === undefined) return null;
  if (stored instanceof Binary) return JSON.parse(inflateRawSync(stored.value()).toString('utf8'));
  return stored;
}

/** A journal payload (JSON text), deflated. */
export function encodeText(text: string): Binary {
  return new Binary(deflateRawSync(text, { level: 1 }));
}

export function decodeText(stored: Binary | string): string {
  return typeof stored === 'string' ? stored : inflateRawSync(stored.value()).toString('utf8');
}

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Copies a file and answers its sha512 (hex) and size, computed on the bytes written. */
export async function copyHashed(from: string, to: string): Promise<{ sha512: string; bytes: number }> {
  await mkdir(dirname(to), { recursive: true });
  const hash = createHash('sha512');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      bytes += chunk.length;
      cb(null, chunk);
    },
  });
  await pipeline(createReadStream(from), meter, createWriteStream(to, { flags: 'wx' }));
  return { sha512: hash.digest('hex'), bytes };
}

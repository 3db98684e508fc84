import { z } from 'zod';

/** Path parameters: `{id}` (8 base62 characters) and `{id|username}` / `{id|slug}` keys. */
export const idParam = z.object({ id: z.string().regex(/^[0-9A-Za-z]{8}$/, 'id: not a valid id') });
export const keyParam = z.object({ id: z.string().min(1).max(64) });

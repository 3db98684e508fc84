import type { z } from 'zod';
import { messageBodyInput } from '@modshelf/contract/v2';

/** Modrinth's server wraps the body (`{"body": {...}}`); its published document does not. Both are accepted. */
export function parseMessageBody(raw: unknown): z.output<typeof messageBodyInput> {
  const inner = raw && typeof raw === 'object' && 'body' in raw && typeof raw.body === 'object' ? raw.body : raw;
  return messageBodyInput.parse(inner ?? {});
}

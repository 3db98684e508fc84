import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, fields } from '@modshelf/events';

/** The body of POST /v2/thread/{id}: Modrinth's ThreadMessageBody of type `text`. */
export const messageBodyInput = z.object({
  type: z.literal('text', { message: 'Only text messages can be sent; status changes are recorded by the site' }),
  body: z.string().max(MAX_MESSAGE_LENGTH),
  private: z.boolean().optional(),
  replying_to: fields.id.nullable().optional(),
});

/** Modrinth's server wraps the body (`{"body": {...}}`); its published document does not. Both are accepted. */
export function parseMessageBody(raw: unknown): z.output<typeof messageBodyInput> {
  const inner = raw && typeof raw === 'object' && 'body' in raw && typeof (raw as { body: unknown }).body === 'object' ? (raw as { body: unknown }).body : raw;
  return messageBodyInput.parse(inner ?? {});
}

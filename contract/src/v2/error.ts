import { z } from 'zod';
import { ERROR_EXAMPLE } from './examples';

/** The wire's error shape (Modrinth v2): `{"error": code, "description": text}`. */
export const ErrorAnswer = z
  .strictObject({
    error: z.string().meta({ description: 'machine-readable code: invalid_input, unauthorized, not_found, conflict, ratelimit_error, ...' }),
    description: z.string(),
  })
  .meta({ examples: [ERROR_EXAMPLE] });
export type ErrorAnswer = z.output<typeof ErrorAnswer>;

import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { ERROR_EXAMPLE } from './examples';

/** The wire's error shape (Modrinth v2): `{"error": code, "description": text}`, its codes the contract's ERROR_CODES. */
export const ErrorAnswer = z
  .strictObject({
    error: z.enum(ERROR_CODES).meta({ description: 'machine-readable code: invalid_input, unauthorized, not_found, conflict, ratelimit_error, ...' }),
    description: z.string(),
  })
  .meta({ examples: [ERROR_EXAMPLE] });
export type ErrorAnswer = z.output<typeof ErrorAnswer>;

import { z } from 'zod';
import { id } from './fields';

/** Building blocks of the answers (lenient on output: an answer describes, it does not validate input). */
export const Id = id.meta({ description: '8 base62 characters' });
export const DateTime = z.string().meta({ format: 'date-time', description: 'RFC 3339' });
export const Url = z.string();
export const Color = z.number().int().nullable().meta({ description: 'RGB colour as an integer' });
export const count = () => z.number().int().nonnegative();

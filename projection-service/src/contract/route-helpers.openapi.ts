import { z } from 'zod';
import type { RouteDoc } from '@modshelf/service-kit';

/** Shared pieces of the query API's route docs: parameters, answers and auth. */
export const s = z.string();
export const jsonArray = (what: string) => s.meta({ description: `JSON array of ${what}, e.g. ["a","b"]` });
export const idsQuery = (what: string) => z.object({ ids: jsonArray(what) });
const minPosition = {
  min_position: s
    .optional()
    .meta({ description: 'read-your-writes: wait (up to 3 s) until the projections passed this log position (also the x-modshelf-min-position header)' }),
};
export const withPosition = (q?: z.ZodObject) => (q ? q.extend(minPosition) : z.object(minPosition));

export const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } });
export const E400 = { 400: 'Bad input' };
export const E401 = { 401: 'Missing or invalid token, or the token lacks the scope' };
export const E404 = { 404: 'Not found, or hidden from the caller' };

export const read = (scope: Parameters<typeof withScope>[0]) => withScope(scope);
function withScope(scope: NonNullable<RouteDoc['scopes']>[number]): Pick<RouteDoc, 'auth' | 'scopes'> {
  return { auth: 'optional', scopes: [scope] };
}
export const must = (scope: NonNullable<RouteDoc['scopes']>[number]): Pick<RouteDoc, 'auth' | 'scopes'> => ({ auth: 'required', scopes: [scope] });

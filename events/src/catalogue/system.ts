import { z } from 'zod';
import { defineEvent } from '../registry';

/** Stream: system-seed. Marks that the demo catalogue was created, so it is created once. */
export const seedStream = 'system-seed';
export const DemoCatalogueSeeded = defineEvent(
  'DemoCatalogueSeeded',
  1,
  z.object({ users: z.number().int(), projects: z.number().int(), versions: z.number().int(), follows: z.number().int(), downloads: z.number().int().optional(), organizations: z.number().int().optional(), collections: z.number().int().optional() }),
);

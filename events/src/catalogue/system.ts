import { z } from 'zod';
import { defineEvent } from '../registry';

/** Stream: system-seed. Marks that the demo catalogue was created, so it is created once. */
export const seedStream = 'system-seed';
export const DemoCatalogueSeeded = defineEvent(
  'DemoCatalogueSeeded',
  1,
  z.object({
    users: z.number().int(),
    projects: z.number().int(),
    versions: z.number().int(),
    follows: z.number().int(),
    downloads: z.number().int().optional(),
    organizations: z.number().int().optional(),
    collections: z.number().int().optional(),
  }),
);

/**
 * Stream: system-projection-quarantine. An operator's audited decision that one event of the log
 * is skipped by a projection (a poison event its projector cannot fold). Who decided and why are
 * part of the record; the projection skips exactly that position, on every replay too.
 */
export const projectionQuarantineStream = 'system-projection-quarantine';
export const ProjectionEventQuarantined = defineEvent(
  'ProjectionEventQuarantined',
  1,
  z.object({
    projection: z.string().min(1),
    position: z.number().int().positive(),
    event_id: z.string(),
    event_type: z.string(),
    stream_id: z.string(),
    reason: z.string().trim().min(1).max(1000),
    operator: z.string().trim().min(1).max(200),
  }),
);

import { z } from 'zod';
import { defineEvent } from '../registry';
import { id } from './fields';

/**
 * Page views of a project, counted per visitor (client IP, IPv6 /64) as downloads are, and
 * flushed in batches. Stream: views-<project_id>. The event's metadata time is when they were counted.
 */
export const viewsStream = (projectId: string) => `views-${projectId}`;
export const ProjectViewsCounted = defineEvent('ProjectViewsCounted', 1, z.object({ project_id: id, count: z.number().int().positive() }));

import { z } from 'zod';
import { defineEvent } from '../registry';

/**
 * Reservation streams hold unique names (project and organization slugs, usernames): one stream per name.
 * The first NameReserved is appended with expected revision "no stream" in the same unit of work as
 * the command that takes the name; a NameReleased (rename, deletion) makes the name free again, and
 * the next reservation appends with the stream's current revision.
 */
export type NameNamespace = 'project' | 'organization' | 'user';
const prefixes: Record<NameNamespace, string> = { project: 'slug-project-', organization: 'slug-organization-', user: 'username-' };
/** The reservation stream of a name (names are case-insensitive): slug-project-<slug>, slug-organization-<slug>, username-<username>. */
export const nameStream = (namespace: NameNamespace, name: string) => `${prefixes[namespace]}${name.toLowerCase()}`;

export const NameReserved = defineEvent('NameReserved', 1, z.object({ owner_id: z.string().min(1), name: z.string().min(1) }));
export const NameReleased = defineEvent('NameReleased', 1, z.object({ owner_id: z.string().min(1), name: z.string().min(1) }));

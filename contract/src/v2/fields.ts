import { z } from 'zod';
import { DEPENDENCY_TYPES, PROJECT_STATUSES, PROJECT_TYPES, REQUESTED_STATUSES, SIDE_TYPES, VERSION_STATUSES, VERSION_TYPES } from '../tags';

/**
 * Field definitions the wire and the events share (the events import them from here, so a
 * slug or a title is one rule). Data uses the wire's snake_case names.
 */
export const id = z.string().regex(/^[0-9A-Za-z]{8}$/);
export const url = z.string().url().max(2048);
export const nullableUrl = url.nullable();
export const isoTime = z.string().datetime({ offset: true });

export const slug = z.string().regex(/^[\w!@$()`.+,"\-']{3,64}$/);
export const title = z.string().min(3).max(64);
export const description = z.string().min(3).max(256);
export const body = z.string().max(65536);
export const categories = z.array(z.string()).max(8);
export const additionalCategories = z.array(z.string()).max(16);

export const projectType = z.enum(PROJECT_TYPES);
export const side = z.enum(SIDE_TYPES);
export const projectStatus = z.enum(PROJECT_STATUSES);
export const requestedStatus = z.enum(REQUESTED_STATUSES);
export const versionType = z.enum(VERSION_TYPES);
export const versionStatus = z.enum(VERSION_STATUSES);
export const dependencyType = z.enum(DEPENDENCY_TYPES);
export const MONETIZATION_STATUSES = ['monetized', 'demonetized', 'force-demonetized'] as const;
export const monetizationStatus = z.enum(MONETIZATION_STATUSES);

/** Modrinth's FileTypeEnum (additional files: resource packs, sources jars, ...). */
export const FILE_TYPES = ['required-resource-pack', 'optional-resource-pack', 'sources-jar', 'dev-jar', 'javadoc-jar', 'unknown', 'signature'] as const;
export const fileType = z.enum(FILE_TYPES);

export const versionName = z.string().min(1).max(64);
export const versionNumber = z.string().min(1).max(32);

export const username = z.string().regex(/^[A-Za-z0-9_-]{3,39}$/, 'usernames are 3-39 letters, digits, - or _');

import { z } from 'zod';
import { DateTime, count } from './common';

/** The answers of /v2/tag/* and /v2/statistics. */
export const CategoryTag = z.strictObject({ icon: z.string(), name: z.string(), project_type: z.string(), header: z.string() });
export const LoaderTag = z.strictObject({ icon: z.string(), name: z.string(), supported_project_types: z.array(z.string()) });
export const GameVersionTag = z.strictObject({ version: z.string(), version_type: z.string(), date: DateTime, major: z.boolean() });
export const LicenseTag = z.strictObject({ short: z.string(), name: z.string() });
export const LicenseText = z.strictObject({ title: z.string(), body: z.string() });
export const DonationPlatformTag = z.strictObject({ short: z.string(), name: z.string() });
export const Statistics = z.strictObject({
  projects: count(),
  versions: count(),
  files: count(),
  authors: count(),
});

export type CategoryTag = z.output<typeof CategoryTag>;
export type LoaderTag = z.output<typeof LoaderTag>;
export type GameVersionTag = z.output<typeof GameVersionTag>;
export type LicenseTag = z.output<typeof LicenseTag>;
export type DonationPlatformTag = z.output<typeof DonationPlatformTag>;

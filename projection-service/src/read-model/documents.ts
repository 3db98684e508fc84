import type { z } from 'zod';
import type { DataOf, fields, ReportFiled, UserRegistered } from '@modshelf/events';

/**
 * Documents kept by the read models. Wire field names (snake_case) wherever the wire has them; the
 * tag fields (statuses, sides, types) have the types of the event fields the projectors copy them from.
 */
type ProjectFields = z.output<typeof fields.projectFields>;
type VersionFields = z.output<typeof fields.versionFields>;
type FileType = z.output<typeof fields.fileType>;

export interface LicenseDoc {
  id: string;
  name: string;
  url: string | null;
}

export interface GalleryDoc {
  url: string;
  raw_url: string;
  featured: boolean;
  title: string | null;
  description: string | null;
  created: string;
  ordering: number;
}

export interface TeamMemberDoc {
  user_id: string;
  role: string;
  permissions: number;
  ordering: number;
  accepted: boolean;
  is_owner: boolean;
  /** share of revenue, 0-100; absent: the owner 100, others 0 */
  payouts_split?: number;
}

/** What a project keeps of each of its versions, to aggregate loaders/game versions and the latest version. */
export interface VersionSummary {
  id: string;
  version_number: string;
  date_published: string;
  loaders: string[];
  game_versions: string[];
  status: VersionFields['status'];
  version_type: VersionFields['version_type'];
}

export interface ProjectDoc {
  id: string;
  slug: string;
  project_type: z.output<typeof fields.projectType>;
  team: string;
  organization: string | null;
  title: string;
  description: string;
  body: string;
  published: string;
  updated: string;
  approved: string | null;
  queued: string | null;
  status: z.output<typeof fields.projectStatus>;
  requested_status: ProjectFields['requested_status'];
  moderator_message: string | null;
  moderator_message_body: string | null;
  license: LicenseDoc;
  downloads: number;
  followers: number;
  categories: string[];
  additional_categories: string[];
  client_side: ProjectFields['client_side'];
  server_side: ProjectFields['server_side'];
  icon_url: string | null;
  color: number | null;
  issues_url: string | null;
  source_url: string | null;
  wiki_url: string | null;
  discord_url: string | null;
  donation_urls: Array<{ id: string; platform: string; url: string }>;
  gallery: GalleryDoc[];
  thread_id: string;
  monetization_status: ProjectFields['monetization_status'];
  owner_id: string;
  members: TeamMemberDoc[];
  version_list: VersionSummary[];
}

export interface FileDoc {
  hashes: { sha1: string; sha512: string };
  url: string;
  filename: string;
  primary: boolean;
  size: number;
  file_type: FileType | null;
}

export interface VersionDoc {
  id: string;
  project_id: string;
  author_id: string;
  name: string;
  version_number: string;
  changelog: string | null;
  dependencies: VersionFields['dependencies'];
  game_versions: string[];
  version_type: VersionFields['version_type'];
  loaders: string[];
  featured: boolean;
  status: VersionFields['status'];
  requested_status: VersionFields['requested_status'];
  date_published: string;
  downloads: number;
  files: FileDoc[];
}

export interface UserDoc {
  id: string;
  username: string;
  bio: string | null;
  avatar_url: string | null;
  created: string;
  role: DataOf<typeof UserRegistered>['role'];
  badges: number;
  email_verified: boolean;
  has_totp: boolean;
}

export interface FollowDoc {
  user_id: string;
  project_id: string;
  created: string;
}

export interface ReportDoc {
  id: string;
  report_type: DataOf<typeof ReportFiled>['report_type'];
  item_type: DataOf<typeof ReportFiled>['item_type'];
  item_id: string;
  reporter: string;
  body: string;
  created: string;
  closed: boolean;
  thread_id: string;
}

export interface Documents {
  projects: ProjectDoc;
  versions: VersionDoc;
  users: UserDoc;
  follows: FollowDoc;
  reports: ReportDoc;
  collections: import('./community-documents').CollectionDoc;
  organizations: import('./community-documents').OrganizationDoc;
  notifications: import('./community-documents').NotificationDoc;
  analytics_days: import('./analytics-documents').AnalyticsDayDoc;
  threads: import('./thread-documents').ThreadDoc;
}
export type CollectionName = keyof Documents;
export const COLLECTIONS: CollectionName[] = [
  'projects',
  'versions',
  'users',
  'follows',
  'reports',
  'collections',
  'organizations',
  'notifications',
  'analytics_days',
  'threads',
];

import { z } from 'zod';
import { Id, DateTime, Url, count } from './common';
import { dependencyType, fileType, versionStatus, versionType } from './fields';
import { VERSION_EXAMPLE } from './examples';
import { Project } from './project';

/** The answers of /v2/version and a project's version list. */
export const VersionStatus = versionStatus;
export const VersionType = versionType;
export const DependencyType = dependencyType;

export const FileHashes = z.strictObject({ sha1: z.string(), sha512: z.string() });
export const VersionFile = z.strictObject({
  hashes: FileHashes,
  url: Url,
  filename: z.string(),
  primary: z.boolean(),
  size: count(),
  file_type: fileType.nullable(),
});
export const VersionDependency = z.strictObject({
  version_id: Id.nullable(),
  project_id: Id.nullable(),
  file_name: z.string().nullable(),
  dependency_type: DependencyType,
});

const versionFields = {
  id: Id,
  project_id: Id,
  author_id: Id,
  name: z.string(),
  version_number: z.string(),
  changelog: z.string().nullable(),
  changelog_url: Url.nullable(),
  environment: z.string().meta({ description: "Modrinth's EnvironmentEnum, from the project's client/server sides" }),
  dependencies: z.array(VersionDependency),
  game_versions: z.array(z.string()),
  version_type: VersionType,
  loaders: z.array(z.string()),
  featured: z.boolean(),
  status: VersionStatus,
  requested_status: VersionStatus.nullable(),
  date_published: DateTime,
  downloads: count(),
  files: z.array(VersionFile),
};
/** Modrinth's Version. */
export const Version = z.strictObject(versionFields).meta({ examples: [VERSION_EXAMPLE] });

/** A version as a project's version list shows it: with the fields derived against its siblings. */
export const ListedVersion = z.strictObject({
  ...versionFields,
  author: z.strictObject({ id: Id, username: z.string(), avatar_url: Url.nullable() }).nullable().meta({ description: 'Modshelf: the publisher' }),
  primary_file: VersionFile.meta({ description: 'Modshelf: the flagged file, else the first' }),
  display_url_ending: z.string().meta({ description: 'Modshelf: the version number, or the id when a newer version already used it' }),
  duplicate_changelog: z.boolean().meta({ description: "Modshelf: the changelog equals the next older version's" }),
});

export type Version = z.output<typeof Version>;
export type ListedVersion = z.output<typeof ListedVersion>;
export type VersionFile = z.output<typeof VersionFile>;
export type VersionDependency = z.output<typeof VersionDependency>;

/** /v2/project/{id|slug}/dependencies: the projects and versions a project's versions depend on. */
export const ProjectDependencies = z.strictObject({ projects: z.array(Project), versions: z.array(Version) });

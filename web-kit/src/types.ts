/**
 * Wire shapes of the Modrinth-compatible /v2 API: the types of the contract's answer schemas.
 * Type-only re-exports, so zod stays out of the browser bundles.
 */
export type {
  CategoryTag, Collection, DonationPlatformTag, DonationUrl, GalleryImage, GameVersionTag, License, LicenseTag, LoaderTag,
  Organization, OrganizationMember, Project, QueuedProject, SearchHit, SearchResults, TeamMember, User, Version, VersionDependency, VersionFile,
} from '@modshelf/contract/v2';

/**
 * Wire shapes of the Modrinth-compatible /v2 API: the types of the contract's answer schemas.
 * Type-only re-exports, so zod stays out of the browser bundles. Modrinth's Session is `SessionInfo`
 * here (`Session` is the signed-in session of ./atoms).
 */
export type {
  CategoryTag, Collection, DonationPlatformTag, DonationUrl, GalleryImage, GameVersionTag, License, LicenseTag, LoaderTag,
  Organization, OrganizationMember, Project, QueuedProject, SearchHit, SearchResults, TeamMember, User, Version, VersionDependency, VersionFile,
  Report, ModerationStats, TimelineEntry, AsOfAnswer, Pat, Session as SessionInfo, OAuthClient, OAuthAuthorization, OAuthConsent, PaymentMethod, Subscription,
  BillingOverview, Charge, Product, Notification, NotificationAction, UserBalance, PayoutAnswer, PayoutMethodAnswer, FeesAnswer,
} from '@modshelf/contract/v2';

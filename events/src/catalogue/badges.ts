/**
 * The `badges` bitfield of a user. Bits 1-6 are Modrinth's (bit 0 is unused there): granted by an
 * admin (UserBadgesChanged). Bits 7-9 are Modshelf's role badges from the spec, never stored:
 * computed when a user is read, from the role (moderator, admin = product team) and from the
 * projects (creator = an accepted member of at least one publicly listed project).
 */
export const BADGE_BITS = {
  EARLY_MODPACK_ADOPTER: 1 << 1,
  EARLY_RESPACK_ADOPTER: 1 << 2,
  EARLY_PLUGIN_ADOPTER: 1 << 3,
  ALPHA_TESTER: 1 << 4,
  CONTRIBUTOR: 1 << 5,
  TRANSLATOR: 1 << 6,
  CREATOR: 1 << 7,
  MODERATOR: 1 << 8,
  PRODUCT_TEAM: 1 << 9,
} as const;

/** Bits an admin may grant or take away. */
export const GRANTABLE_BADGES =
  BADGE_BITS.EARLY_MODPACK_ADOPTER |
  BADGE_BITS.EARLY_RESPACK_ADOPTER |
  BADGE_BITS.EARLY_PLUGIN_ADOPTER |
  BADGE_BITS.ALPHA_TESTER |
  BADGE_BITS.CONTRIBUTOR |
  BADGE_BITS.TRANSLATOR;

/** The whole bitfield: granted bits plus the computed role badges. */
export function userBadges(granted: number, role: string, creator: boolean): number {
  let b = granted & GRANTABLE_BADGES;
  if (creator) b |= BADGE_BITS.CREATOR;
  if (role === 'moderator') b |= BADGE_BITS.MODERATOR;
  if (role === 'admin') b |= BADGE_BITS.PRODUCT_TEAM;
  return b;
}

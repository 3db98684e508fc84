/**
 * The `badges` bitfield of a user answer (the server's events/src/catalogue/badges.ts; badges.unit.test.ts
 * keeps the two in step). Role badges first, as a profile shows them.
 */
export const BADGES = [
  { key: 'product_team', bit: 1 << 9 },
  { key: 'moderator', bit: 1 << 8 },
  { key: 'creator', bit: 1 << 7 },
  { key: 'contributor', bit: 1 << 5 },
  { key: 'translator', bit: 1 << 6 },
  { key: 'alpha_tester', bit: 1 << 4 },
  { key: 'early_modpack_adopter', bit: 1 << 1 },
  { key: 'early_respack_adopter', bit: 1 << 2 },
  { key: 'early_plugin_adopter', bit: 1 << 3 },
] as const;

export type BadgeKey = (typeof BADGES)[number]['key'];

/** The badges a bitfield holds, in display order. */
export function badgesOf(bits: number | undefined | null): BadgeKey[] {
  const b = bits ?? 0;
  return BADGES.filter((x) => (b & x.bit) !== 0).map((x) => x.key);
}

import { useIntl } from 'react-intl';
import { badgesOf, type BadgeKey } from '@modshelf/web-kit';

const LABELS: Record<BadgeKey, { id: string; defaultMessage: string }> = {
  product_team: { id: 'badge.product_team', defaultMessage: 'Product team' },
  moderator: { id: 'badge.moderator', defaultMessage: 'Moderator' },
  creator: { id: 'badge.creator', defaultMessage: 'Creator' },
  contributor: { id: 'badge.contributor', defaultMessage: 'Contributor' },
  translator: { id: 'badge.translator', defaultMessage: 'Translator' },
  alpha_tester: { id: 'badge.alpha_tester', defaultMessage: 'Alpha tester' },
  early_modpack_adopter: { id: 'badge.early_modpack_adopter', defaultMessage: 'Early modpack adopter' },
  early_respack_adopter: { id: 'badge.early_respack_adopter', defaultMessage: 'Early resource pack adopter' },
  early_plugin_adopter: { id: 'badge.early_plugin_adopter', defaultMessage: 'Early plugin adopter' },
};

/** A user's badges (the `badges` bitfield): role badges (product team, moderator, creator) and granted ones. */
export function UserBadges({ bits, hide }: { bits: number | undefined; hide?: readonly BadgeKey[] }) {
  const intl = useIntl();
  const keys = badgesOf(bits).filter((k) => !hide?.includes(k));
  if (!keys.length) return null;
  return (
    <span className="cat-badges" data-testid="user-badges">
      {keys.map((k) => (
        <span key={k} className={`cat-badge cat-badge--${k}`} data-badge={k}>
          {intl.formatMessage(LABELS[k])}
        </span>
      ))}
    </span>
  );
}

/** What a signed-in user who is not staff sees on a moderation (or, not an admin, on an /admin) page. */
import { ErrorScreen, useT, type Need } from '@modshelf/web-kit';

export { useMe } from './common';

export function Forbidden({ need }: { need: Need }) {
  const t = useT();
  return (
    <ErrorScreen
      statusCode={401}
      message={
        need === 'admin'
          ? t('access.admin', 'Only administrators can open this page.')
          : t('access.staff', 'Only moderators and administrators can open this page.')
      }
    />
  );
}

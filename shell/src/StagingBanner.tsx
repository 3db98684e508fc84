import { FormattedMessage } from 'react-intl';
import { useAtomValue } from 'jotai';
import { displayPreferencesAtom, siteInfoAtom } from '@modshelf/web-kit';

/** Marks a staging deployment (STAGING=true), unless the visitor hid it in their display preferences. */
export function StagingBanner() {
  const { staging } = useAtomValue(siteInfoAtom);
  const { hideStagingBanner } = useAtomValue(displayPreferencesAtom);
  if (!staging || hideStagingBanner) return null;
  return (
    <div className="shell-staging" role="note" data-testid="staging-banner">
      <FormattedMessage id="staging.banner" defaultMessage="This is a staging site: data here may be reset at any time." />
    </div>
  );
}

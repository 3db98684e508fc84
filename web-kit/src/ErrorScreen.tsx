import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { ERRORS } from './constants';
import { siteInfoAtom } from './atoms';
import { Logo } from './Logo';
import { usePageMeta } from './meta';

export interface ErrorScreenProps {
  statusCode?: number;
  message: string;
}

/** The error screen for any routing or runtime error (a logo for 404, else 'An error occurred!'). */
export function ErrorScreen({ statusCode, message }: ErrorScreenProps) {
  usePageMeta(statusCode === 404 ? message : ERRORS.genericTitle);
  const { communityUrl } = useAtomValue(siteInfoAtom);
  return (
    <section className="ms-error" role="alert" data-status={statusCode ?? ERRORS.fallback.statusCode}>
      {statusCode === 404 ? (
        <Logo className="ms-error__logo" aria-label="404" />
      ) : (
        <h1 className="ms-error__heading">
          <FormattedMessage id="error.heading" defaultMessage="An error occurred!" />
        </h1>
      )}
      <p className="ms-error__message">{message}</p>
      <div className="ms-error__actions">
        <Link className="ms-btn ms-btn--primary" to="/">
          <FormattedMessage id="error.home" defaultMessage="Go home" />
        </Link>
        <a className="ms-btn" href={communityUrl} target="_blank" rel="noopener noreferrer">
          <FormattedMessage id="error.discord" defaultMessage="Get help on Discord" />
        </a>
      </div>
    </section>
  );
}

export function NotFound({ path }: { path: string }) {
  return <ErrorScreen statusCode={404} message={ERRORS.pageNotFound(path)} />;
}

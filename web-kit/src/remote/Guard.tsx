import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../api';
import { ERRORS } from '../constants';
import { ErrorScreen } from '../ErrorScreen';
import { errorText } from '../forms';
import { signInPath } from '../paths';
import { verdict, type GuardUser, type Need } from './access';

export interface GuardProps<U extends GuardUser> {
  need: Need;
  /** the signed-in user; null when anonymous, undefined while it is read */
  user: U | null | undefined;
  /** reading the user failed: the error screen, with the API's status */
  error?: unknown;
  /** shown while the user or the team is read */
  loading: ReactNode;
  /** shown to a signed-in user who may not open the page */
  forbidden: ReactNode;
  /** called before an anonymous visitor is sent to sign in (e.g. to forget a cached "anonymous") */
  onSignIn?: () => void;
  children: ReactNode | ((user: U) => ReactNode);
}

function errorStatus(e: unknown): number {
  return e instanceof ApiError ? e.status : ERRORS.fallback.statusCode;
}

/**
 * The one guard of the front end: anonymous visitors go to sign in and come back here; a signed-in
 * user who lacks the role or the team place sees `forbidden`; else the page.
 */
export function Guard<U extends GuardUser>({ need, user, error, loading, forbidden, onSignIn, children }: GuardProps<U>) {
  const location = useLocation();
  if (error) return <ErrorScreen statusCode={errorStatus(error)} message={errorText(error)} />;
  switch (verdict(user, need)) {
    case 'wait':
      return <>{loading}</>;
    case 'sign-in':
      onSignIn?.();
      return <Navigate to={signInPath(location.pathname + location.search)} replace />;
    case 'forbidden':
      return <>{forbidden}</>;
    case 'allow':
      return <>{typeof children === 'function' ? children(user!) : children}</>;
  }
}

import { Navigate, useLocation } from 'react-router';
import { Loading, useSelf } from '../common';
import { safeRedirect } from '../lib/redirect';

/** /auth itself (the launcher's check): signed in goes on to where it was asked, else to sign in. */
export function AuthIndex() {
  const me = useSelf();
  const { search } = useLocation();
  if (me.data === undefined && !me.error) return <Loading />;
  if (me.data) {
    return <Navigate to={safeRedirect(new URLSearchParams(search).get('redirect'), '/settings')} replace />;
  }
  return <Navigate to={`/auth/sign-in${search}`} replace />;
}

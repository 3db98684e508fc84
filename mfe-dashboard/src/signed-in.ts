import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { api, ApiError, sessionAtom, useApi, type User, type UserState } from '@modshelf/web-kit';

let authChecks = 0;

/**
 * Who is signed in, for the dashboard's guard. The shell restores the session; when it has not
 * (yet), the dashboard asks the API itself, afresh on each entry (never from a cached answer read
 * before a sign-in), and puts the answer into the shared session. A failed check counts as anonymous.
 */
export function useSignedIn(): UserState {
  const [session, setSession] = useAtom(sessionAtom);
  const [check] = useState(() => ++authChecks);
  const me = useApi<User | null>(session?.user ? null : `dashboard:me:${check}`, (signal) =>
    api.currentUser(signal).catch((e) => {
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }),
  );
  useEffect(() => {
    if (me.data && !session?.user) setSession({ token: null, user: me.data });
  }, [me.data, session, setSession]);
  if (session?.user) return { data: session.user };
  // pages read the user from the session: wait until it is there
  if ((me.data === undefined && !me.error) || me.data) return { data: undefined };
  return { data: null };
}

import { getDefaultStore } from 'jotai';
import { sessionAtom } from '@modshelf/web-kit';
import { accounts } from '../lib/api';
import { refreshAccount } from '../common';

/**
 * After the API answered a session: it also set the HttpOnly session cookie, which every later
 * call carries, so the token itself is not kept in script-readable storage. Reads the user for
 * the header.
 */
export async function completeSignIn(): Promise<void> {
  refreshAccount();
  const user = await accounts.me();
  getDefaultStore().set(sessionAtom, { token: null, user });
}

export async function signOut(): Promise<void> {
  try {
    await accounts.logout();
  } finally {
    refreshAccount();
    getDefaultStore().set(sessionAtom, null);
  }
}

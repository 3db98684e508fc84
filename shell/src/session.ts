import { getDefaultStore } from 'jotai';
import { api, sessionAtom } from '@modshelf/web-kit';

/**
 * Restores the signed-in state. The session lives in the HttpOnly auth-token cookie (set by the
 * sign-in flow of the settings part), so the shell asks the API who it is rather than reading it.
 */
export async function restoreSession(): Promise<void> {
  try {
    const user = await api.currentUser();
    getDefaultStore().set(sessionAtom, { token: null, user });
  } catch {
    getDefaultStore().set(sessionAtom, null);
  }
}

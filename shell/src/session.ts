import { getDefaultStore } from 'jotai';
import { api, ApiError, COOKIE_NAMES, readCookie, sessionAtom, setAuthToken } from '@modshelf/web-kit';

/** Restores the signed-in state from the auth cookie (the settings part owns signing in and out). */
export async function restoreSession(): Promise<void> {
  const token = readCookie(COOKIE_NAMES.auth);
  if (!token) return;
  setAuthToken(token);
  const store = getDefaultStore();
  store.set(sessionAtom, { token, user: null });
  try {
    const user = await api.currentUser();
    store.set(sessionAtom, { token, user });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      setAuthToken(null);
      store.set(sessionAtom, null);
    }
  }
}

import { useCallback, useSyncExternalStore } from 'react';
import { getCookie } from './cookies';
import { httpApi } from './http';
import { reloadPage } from './browser';
import { useDialogs } from './dialogs';
import { clearSession, readSession, subscribeSession, type Session } from './session';

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}

/**
 * Guards a save: signed in, it returns true; signed out, it opens the sign-in dialog and returns false
 * (spec §5 General: all saves need a login).
 *
 *   const requireAuth = useRequireAuth();
 *   const onSubmit = (values) => { if (!requireAuth()) return; ...save };
 */
export function useRequireAuth(): () => boolean {
  const { open } = useDialogs();
  return useCallback(() => {
    if (readSession().signedIn) return true;
    open('signIn');
    return false;
  }, [open]);
}

const LOGOUT_WAIT_MS = 2000;

/** Revokes the refresh token when the server can be reached quickly, then clears the five cookies and reloads. */
export async function signOut(): Promise<void> {
  const refreshToken = getCookie('refresh_token');
  if (refreshToken && refreshToken !== 'undefined') {
    const revoke = httpApi.post('/auth/logout', { body: { refresh_token: refreshToken } }).catch(() => undefined);
    await Promise.race([revoke, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  }
  clearSession();
  reloadPage();
}

const KEY = 'breaktime.signInNonce';

/**
 * A one-time value for a social sign-in or single sign-on this tab starts: kept for this tab only (sessionStorage),
 * sent to the start (`?nonce=`) and handed back by the server with the session, so that /auth/callback can tell a
 * sign-in this browser started from a link someone else made (docs/security.md, "Sign-in callbacks"). Undefined
 * when storage is refused: the callback then asks the person to confirm the account.
 */
export function newSignInNonce(): string | undefined {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const nonce = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    sessionStorage.setItem(KEY, nonce);
    return nonce;
  } catch {
    return undefined;
  }
}

/** Whether `given` is the value this tab keeps for the sign-in it started; a match is used up. */
export function takeSignInNonce(given: string | null): boolean {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (!given || !kept || kept !== given) return false;
    sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}

const KEY = 'breaktime.returnPath';

/**
 * Where to go once signed in, for flows that leave the page to sign in (social sign-in returns through
 * /auth/callback). Kept for this browser session only.
 */
export function setReturnPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be refused; the user then lands on the dashboard instead.
  }
}

export function takeReturnPath(): string | undefined {
  try {
    const path = sessionStorage.getItem(KEY) ?? undefined;
    sessionStorage.removeItem(KEY);
    // Only same-site paths: never turn this into an open redirect.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
  } catch {
    return undefined;
  }
}

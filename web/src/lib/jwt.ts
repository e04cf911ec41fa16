function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The `exp` claim of a JWT in milliseconds, or undefined when the token cannot be read. */
export function tokenExpiryMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = decodeSegment(payload) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Missing, the literal 'undefined', unreadable or past its `exp`: the token needs a refresh. */
export function isAccessTokenUsable(token: string | undefined, now: number = Date.now()): token is string {
  if (!token || token === 'undefined') return false;
  const expiry = tokenExpiryMs(token);
  return expiry !== undefined && expiry > now;
}

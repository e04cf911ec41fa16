const base64url = (value: string) => btoa(value).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT-shaped token whose `exp` (in seconds) the client reads; the signature is never checked here. */
export function fakeJwt(expSeconds: number, sub = 'user-1'): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify({ sub, exp: expSeconds }))}.signature`;
}

export const jwtValidFor = (ms: number, now = Date.now()) => fakeJwt(Math.floor((now + ms) / 1000));

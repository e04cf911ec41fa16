export interface CookieOptions {
  /** Lifetime in days; omit for a browser-session cookie. */
  days?: number;
}

/**
 * `document.cookie` as read once per run of script: the getter costs the browser a round to its cookie store, and
 * the session is read by every component that shows who is signed in (each render and each commit), dozens of times
 * a frame. Forgotten at the next microtask, and at once when this module writes a cookie.
 */
let jar: string | undefined;

export function cookieString(): string {
  if (jar === undefined) {
    jar = document.cookie;
    queueMicrotask(forgetCookies);
  }
  return jar;
}

/** Drops the read above (a cookie written by other code in the same run of script is seen at once after it). */
export function forgetCookies(): void {
  jar = undefined;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const all = cookieString();
  for (const part of all ? all.split('; ') : []) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return part.slice(prefix.length);
      }
    }
  }
  return undefined;
}

function attributes(): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; path=/; SameSite=Lax${secure}`;
}

/** Encodes only what a cookie value cannot hold, so values such as emails stay readable (`@` is kept). */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

export function setCookie(name: string, value: string, { days }: CookieOptions = {}): void {
  const expires = days === undefined ? '' : `; expires=${new Date(Date.now() + days * 864e5).toUTCString()}`;
  document.cookie = `${encodeURIComponent(name)}=${encodeValue(value)}${expires}${attributes()}`;
  forgetCookies();
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${attributes()}`;
  forgetCookies();
}

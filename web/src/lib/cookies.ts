export interface CookieOptions {
  /** Lifetime in days; omit for a browser-session cookie. */
  days?: number;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie ? document.cookie.split('; ') : []) {
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
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${attributes()}`;
}

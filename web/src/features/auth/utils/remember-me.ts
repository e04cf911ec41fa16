import { SESSION_COOKIE_DAYS } from '@/config/constants';
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';

/** The rememberMe cookie keeps the remember-me choice and the saved email; sign-out leaves it in place. */
export function readRememberedEmail(): string | undefined {
  const raw = getCookie('rememberMe');
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as { remember?: unknown; email?: unknown };
    return value.remember === true && typeof value.email === 'string' ? value.email : undefined;
  } catch {
    return undefined;
  }
}

export function saveRememberMe(remember: boolean, email: string): void {
  if (remember) setCookie('rememberMe', JSON.stringify({ remember: true, email }), { days: SESSION_COOKIE_DAYS });
  else removeCookie('rememberMe');
}

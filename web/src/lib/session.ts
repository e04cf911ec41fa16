import { ACCESS_TOKEN_DAYS, CALLBACK_COOKIE_DAYS, SESSION_COOKIE_DAYS } from '@/config/constants';
import { ApiError } from './api-error';
import { cookieString, getCookie, removeCookie, setCookie } from './cookies';
import { httpApi } from './http';
import { i18nReady, t } from './i18n';
import { isAccessTokenUsable } from './jwt';
import type { Schemas } from './api-schema';

/** The five cookies that make a session (spec §3); rememberMe is kept across sign-outs. */
export const SESSION_COOKIES = ['access_token', 'refresh_token', 'id', 'name', 'email'] as const;

export interface Session {
  signedIn: boolean;
  id?: string;
  name?: string;
  email?: string;
}

/** What a sign-in stores: the answer's tokens (`Session` of the API), with who signed in. */
export type LoginData = Pick<Schemas['Session'], 'access_token' | 'refresh_token' | 'id' | 'name'> & Partial<Pick<Schemas['Session'], 'email'>>;

const present = (value: string | undefined): value is string => !!value && value !== 'undefined';

// ---- a tiny store so components re-render when the session cookies change --------------------------

const listeners = new Set<() => void>();
let cached: { key: string; session: Session } | undefined;

export function readSession(): Session {
  const key = cookieString();
  if (cached?.key === key) return cached.session;
  const session: Session = {
    signedIn: present(getCookie('access_token')),
    id: getCookie('id'),
    name: getCookie('name'),
    email: getCookie('email'),
  };
  cached = { key, session };
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

// ---- writing and clearing -----------------------------------------------------------------------------

/** Cookies after a password sign-in: the access token lasts 8 hours, the rest 7 days. */
export function storeLogin(data: LoginData): void {
  setCookie('access_token', data.access_token, { days: ACCESS_TOKEN_DAYS });
  setCookie('refresh_token', data.refresh_token, { days: SESSION_COOKIE_DAYS });
  setCookie('id', data.id, { days: SESSION_COOKIE_DAYS });
  setCookie('name', data.name, { days: SESSION_COOKIE_DAYS });
  if (data.email) setCookie('email', data.email, { days: SESSION_COOKIE_DAYS });
  notify();
}

/** Cookies after a social sign-in callback: all four for 7 days (spec §2, §9). */
export function storeCallbackSession(data: Omit<LoginData, 'email'>): void {
  setCookie('access_token', data.access_token, { days: CALLBACK_COOKIE_DAYS });
  setCookie('refresh_token', data.refresh_token, { days: CALLBACK_COOKIE_DAYS });
  setCookie('id', data.id, { days: CALLBACK_COOKIE_DAYS });
  setCookie('name', data.name, { days: CALLBACK_COOKIE_DAYS });
  notify();
}

export function updateSessionEmail(email: string): void {
  setCookie('email', email, { days: SESSION_COOKIE_DAYS });
  notify();
}

/** After a profile change, so the navbar shows the new name at once. */
export function updateSessionName(name: string): void {
  setCookie('name', name, { days: SESSION_COOKIE_DAYS });
  notify();
}

export function clearSession(): void {
  for (const name of SESSION_COOKIES) removeCookie(name);
  notify();
}

// ---- refresh ------------------------------------------------------------------------------------------

let refreshInFlight: Promise<string> | undefined;

async function requestNewAccessToken(): Promise<string> {
  const refreshToken = getCookie('refresh_token');
  if (!present(refreshToken)) {
    clearSession();
    throw new Error(t('session.refreshTokenMissing'));
  }
  try {
    // Sent directly: the refresh call itself never goes through the token check.
    const body: Schemas['RefreshInput'] = { refresh_token: refreshToken };
    const data: Schemas['RefreshedSession'] | undefined = await httpApi.post('/auth/refresh-token', { body });
    if (!data?.access_token) throw new Error(t('session.noAccessToken'));
    setCookie('access_token', data.access_token, { days: ACCESS_TOKEN_DAYS });
    // Refresh tokens rotate: the old one is no longer valid once this answer arrives.
    if (data.refresh_token) setCookie('refresh_token', data.refresh_token, { days: SESSION_COOKIE_DAYS });
    if (data.id) setCookie('id', data.id, { days: SESSION_COOKIE_DAYS });
    if (data.name) setCookie('name', data.name, { days: SESSION_COOKIE_DAYS });
    notify();
    return data.access_token;
  } catch (error) {
    console.error('Refreshing the access token failed', error);
    // No connection says nothing about the refresh token: the session stays for when the connection is back
    // (the offline queue and the saved lists need it).
    if (!(error instanceof ApiError && error.status === 0)) clearSession();
    throw error;
  }
}

/** Asks for a new access token; concurrent callers share one request, since each refresh token is single-use. */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= requestNewAccessToken().finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

/** The current access token when its own `exp` is still ahead, otherwise a freshly refreshed one. */
export async function getValidAccessToken(now: number = Date.now()): Promise<string> {
  const token = getCookie('access_token');
  if (isAccessTokenUsable(token, now)) return token;
  return refreshAccessToken();
}

/**
 * Runs before the app is shown: with no access token but a refresh token, get a new access token first.
 * A failure clears the session and tells the user (in their language, once its catalogue is here).
 */
export async function refreshOnStartup(): Promise<void> {
  if (present(getCookie('access_token')) || !present(getCookie('refresh_token'))) return;
  try {
    await refreshAccessToken();
  } catch (error) {
    // Opened offline: the app starts with what this device kept, and refreshes when the connection is back.
    if (error instanceof ApiError && error.status === 0) return;
    clearSession();
    await i18nReady();
    window.alert(t('session.refreshFailed'));
  }
}

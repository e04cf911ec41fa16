import { mainApiUrl } from '@/lib/http';
import { t } from '@/lib/i18n';
import { storeCallbackSession } from '@/lib/session';
import { deviceTimeZone } from '@/lib/time-zone';
import type { Schemas } from '@/lib/api-schema';

/** GitHub, Google, or single sign-on with the OpenID Connect provider the server is configured for. */
export type SocialProvider = 'github' | 'google' | 'oidc';

/**
 * Where the browser starts a provider's sign-in (a link it follows itself, on the main API host), with this tab's
 * one-time value when it has one (handed back to /auth/callback with the session) and the device's time zone (an
 * account this sign-in makes starts in it).
 */
export const socialStartUrl = (provider: SocialProvider, nonce?: string, timeZone?: string) => {
  const url = mainApiUrl(provider === 'github' ? '/auth/github' : provider === 'google' ? '/auth/google' : '/auth/oidc');
  const query = new URLSearchParams({ ...(nonce ? { nonce } : {}), ...(timeZone ? { timeZone } : {}) }).toString();
  return query ? `${url}?${query}` : url;
};

export type SocialStart = { kind: 'redirect'; url: string } | { kind: 'signedIn' } | { kind: 'unavailable'; message: string };

/**
 * A JSON answer instead of the redirect: the document's failure body (404 when the provider is not configured), or
 * the tokens of a session, bare or in the `data` envelope (not in the document; handled all the same).
 */
type SocialAnswer = Partial<Schemas['Error'] & Schemas['Session']> & { data?: SocialAnswer };

/**
 * Asks the main API how a social sign-in starts (spec §7): normally a redirect to the provider, which the
 * browser then follows; an answer that already carries tokens signs in at once; anything else (for example
 * 404 when the provider is not configured) is reported instead of leaving the app for an error page.
 */
export async function startSocialSignIn(provider: SocialProvider, nonce?: string): Promise<SocialStart> {
  const url = socialStartUrl(provider, nonce, deviceTimeZone());
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    // Could not ask first (offline, or the host refuses cross-origin reads): let the browser try the link itself.
    return { kind: 'redirect', url };
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return { kind: 'redirect', url };
  let answer: SocialAnswer = {};
  try {
    answer = (await response.json()) as SocialAnswer;
  } catch {
    // Not JSON: fall through to the generic message.
  }
  const tokens = answer.data ?? answer;
  if (response.ok && tokens.access_token && tokens.refresh_token) {
    storeCallbackSession({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, id: tokens.id ?? '', name: tokens.name ?? '' });
    return { kind: 'signedIn' };
  }
  return { kind: 'unavailable', message: answer.message || answer.data?.message || t('auth.social.unavailable') };
}

/** Which providers the server has credentials for (`GET /auth/providers`, public). */
export type SocialProviders = Schemas['Providers'];

/**
 * The providers that are on, and single sign-on's button text when it is; none when the answer cannot be read (a
 * button that cannot work is not shown).
 */
export async function fetchSocialProviders(): Promise<SocialProviders> {
  try {
    const response = await fetch(mainApiUrl('/auth/providers'), { headers: { Accept: 'application/json' } });
    if (!response.ok) return { github: false, google: false };
    const answer = (await response.json()) as { data?: Partial<SocialProviders> };
    const label = answer.data?.oidc?.label;
    return { github: answer.data?.github === true, google: answer.data?.google === true, ...(typeof label === 'string' && label ? { oidc: { label } } : {}) };
  } catch {
    return { github: false, google: false };
  }
}

/** Who a sign-in's session belongs to, as the person is asked to confirm it. */
export interface CallbackAccount {
  name: string;
  email: string;
}

/**
 * The account of an access token from /auth/callback (`GET /user/profile` with it), without keeping the token; none
 * when the server does not answer with it.
 */
export async function fetchCallbackAccount(accessToken: string): Promise<CallbackAccount | undefined> {
  try {
    const response = await fetch(mainApiUrl('/user/profile'), {
      headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) return undefined;
    const answer = (await response.json()) as { data?: Partial<Schemas['Profile']> };
    const { name, email } = answer.data ?? {};
    return typeof name === 'string' && typeof email === 'string' && email ? { name, email } : undefined;
  } catch {
    return undefined;
  }
}

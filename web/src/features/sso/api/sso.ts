import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { useApi } from '@/lib/swr';

/*
 * The team's single sign-on requirement (admins), aliased from the document generated into `src/lib/api-types.ts`.
 * The feature imports them from this file only.
 */

/** `GET /admin/sso`: whether members must sign in with single sign-on, and whether the server has it configured. */
export type SsoSetting = Schemas['SsoSetting'];

export const ssoKeys = { setting: apiKey('/admin/sso') } as const;

/** Only admins may read it (403 for everyone else): callers pass whether the viewer is one. */
export function useSsoSetting(enabled = true) {
  const { signedIn } = useSession();
  return useApi(signedIn && enabled && ssoKeys.setting);
}

/** Sets the requirement; the answer is the new setting, kept as the read's value. */
export function useSetSsoRequired() {
  return useSWRMutation(ssoKeys.setting, (_key: unknown, { arg: required }: { arg: boolean }) => api.put('/admin/sso', { body: { required } }), {
    populateCache: true,
    revalidate: false,
  });
}

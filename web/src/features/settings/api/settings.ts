import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';

/**
 * `GET /user/profile`. `hasPassword` is false for an account made through social sign-in that never set a password.
 * The document has it optional, but the server always sends it and the password forms depend on it, so it is
 * required here.
 */
export type Profile = Schemas['Profile'] & Required<Pick<Schemas['Profile'], 'hasPassword'>>;

export const settingsKeys = {
  profile: apiKey('/user/profile'),
  /** The same key the break forms read, so a saved list reaches them at once. */
  breakTypes: apiKey('/type/get'),
} as const;

export function useProfile() {
  const { signedIn } = useSession();
  return useSWR<Profile>(signedIn ? settingsKeys.profile : null);
}

export type ProfileChanges = Schemas['ProfileInput'];

/** Saves name and time zone; the answer is the profile, which becomes the cached one. */
export function useUpdateProfile() {
  return useSWRMutation(
    settingsKeys.profile,
    (_key: unknown, { arg }: { arg: ProfileChanges }) => api.put('/user/profile', { body: arg }) as Promise<Profile>,
    {
      populateCache: true,
      revalidate: false,
    },
  );
}

export type EmailChange = Schemas['ChangeEmailInput'];

/**
 * Mails the new address a link to /verify-new-email; the address changes once it is followed. The current password
 * is asked for, and the old address gets a notice with a link that undoes the change.
 */
export function useChangeEmail() {
  return useSWRMutation(settingsKeys.profile, (_key: unknown, { arg }: { arg: EmailChange }) => api.post('/user/change-email', { body: arg }));
}

export type PasswordChange = Schemas['ChangePasswordInput'];

/** Every other sign-in ends; this one continues with the fresh tokens of the answer. */
export const changePassword = (body: PasswordChange) => api.post('/user/change-password', { body });

export const deleteAccount = (password: string) => api.del('/user/delete-account', { body: { password } });

/** `GET /type/get` and `PUT /type/edit` answer `[{ type: [names] }]`. */
type BreakTypesAnswer = Schemas['BreakTypes'];

export function useBreakTypes() {
  const { signedIn } = useSession();
  const result = useApi(signedIn && settingsKeys.breakTypes);
  return { ...result, types: result.data?.[0]?.type ?? [] };
}

export function useSaveBreakTypes() {
  return useSWRMutation(
    settingsKeys.breakTypes,
    (_key: unknown, { arg: types }: { arg: string[] }): Promise<BreakTypesAnswer> => api.put('/type/edit', { body: { type: types } }),
    {
      populateCache: true,
      revalidate: false,
    },
  );
}

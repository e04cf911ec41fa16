import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** `GET /user/profile`. */
export interface Profile {
  id: string;
  name: string;
  email: string;
  timeZone: string;
  teamId: string;
  role: 'admin' | 'hr' | 'member';
  pendingEmail?: string | null;
  /** False for an account made through social sign-in that never set a password. */
  hasPassword: boolean;
  createdAt: string;
}

export const settingsKeys = {
  profile: '/user/profile',
  /** The same key the break forms read, so a saved list reaches them at once. */
  breakTypes: '/type/get',
} as const;

export function useProfile() {
  const { signedIn } = useSession();
  return useSWR<Profile>(signedIn ? settingsKeys.profile : null);
}

export interface ProfileChanges {
  name?: string;
  timeZone?: string;
}

/** Saves name and time zone; the answer is the profile, which becomes the cached one. */
export function useUpdateProfile() {
  return useSWRMutation(settingsKeys.profile, (_key: string, { arg }: { arg: ProfileChanges }) => api.put<Profile>('/user/profile', arg), {
    populateCache: true,
    revalidate: false,
  });
}

/** Mails the new address a link to /verify-new-email; the address changes once it is followed. */
export function useChangeEmail() {
  return useSWRMutation(settingsKeys.profile, (_key: string, { arg: email }: { arg: string }) =>
    api.post<{ message?: string; email?: string }>('/user/change-email', { email }),
  );
}

export interface PasswordChange {
  currentPassword: string;
  password: string;
}

/** Every other sign-in ends; this one continues with the fresh tokens of the answer. */
export const changePassword = (body: PasswordChange) =>
  api.post<{ message?: string; access_token: string; refresh_token: string }>('/user/change-password', body);

export const deleteAccount = (password: string) => api.del<{ message?: string }>('/user/delete-account', { body: { password } });

/** `GET /type/get` answers `[{ type: [names] }]`. */
type BreakTypesAnswer = Array<{ type?: string[] }>;

export function useBreakTypes() {
  const { signedIn } = useSession();
  const result = useSWR<BreakTypesAnswer>(signedIn ? settingsKeys.breakTypes : null);
  return { ...result, types: result.data?.[0]?.type ?? [] };
}

export function useSaveBreakTypes() {
  return useSWRMutation(
    settingsKeys.breakTypes,
    (_key: string, { arg: types }: { arg: string[] }) => api.put<BreakTypesAnswer>('/type/edit', { type: types }),
    {
      populateCache: true,
      revalidate: false,
    },
  );
}

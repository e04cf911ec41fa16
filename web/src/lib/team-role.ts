import { apiKey } from './api-paths';
import type { Schemas } from './api-schema';
import { useSession } from './auth';
import { useApi } from './swr';

/** The caller's role in their team. */
export type TeamRole = Schemas['Profile']['role'];

/** `GET /user/profile`: the same key the settings page reads, so both share one request and one cache entry. */
export const PROFILE_KEY = apiKey('/user/profile');

/**
 * The signed-in user's role, from their profile: undefined while signed out, loading, or when the profile could not
 * be read. The navigation and the admin-and-HR screens decide what to offer with it; the server decides what is allowed.
 */
export function useTeamRole(): { role?: TeamRole; isLoading: boolean; error: unknown } {
  const { signedIn } = useSession();
  const { data, isLoading, error } = useApi(signedIn && PROFILE_KEY);
  return { role: data?.role, isLoading, error: error as unknown };
}

/** Admins and HR decide leave requests (never their own). */
export const isLeaveApprover = (role: TeamRole | undefined) => role === 'admin' || role === 'hr';

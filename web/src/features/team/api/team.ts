import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import type { ApiData, Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';
import { TEAM_MEMBERS_KEY } from '@/lib/team-members';
import { deviceTimeZone } from '@/lib/time-zone';

/** The team views' SWR keys (the navigation loads the member count, so this file stays small). */
export const teamKeys = {
  memberCount: apiKey('/admin/get-count'),
  /** The team's name (the header shows it), its default time zone, and whether its admin is still to name it. */
  team: apiKey('/admin/team'),
  members: TEAM_MEMBERS_KEY,
  invitations: apiKey('/admin/invitations'),
  onBreak: apiKey('/admin/onBreak'),
  onLeaves: (todayDate: string) => apiKey('/admin/onLeaves', { query: { todayDate } }),
} as const;

/** 'Team Members (N)': the caller's team size, loaded with the navigation when signed in. */
export function useMemberCount(): number | undefined {
  const { signedIn } = useSession();
  const { data } = useApi(signedIn && teamKeys.memberCount);
  return typeof data === 'number' ? data : undefined;
}

/** Accepting from this device: an account still in UTC moves to its zone (unless the team has a default). */
export const acceptInvitation = (token: string) => api.post('/admin/accept-email-invitation', { body: { token, timeZone: deviceTimeZone() } });

/** What an invitation link offers, asked before anyone signs in (`POST /admin/invitation-preview`). */
export type InvitationPreview = ApiData<'post_admin_invitation_preview'>;

export const previewInvitation = (token: string) => api.post('/admin/invitation-preview', { auth: false, body: { token } });

export type TeamSettings = Schemas['Team'];
export type TeamChanges = Schemas['TeamInput'];

/** `GET /admin/team`, for every member (the name), with the admin's question for the name. */
export function useTeam() {
  const { signedIn } = useSession();
  return useApi(signedIn && teamKeys.team);
}

/** The team's name for the header; none until it is read. */
export function useTeamName(): string | undefined {
  return useTeam().data?.name;
}

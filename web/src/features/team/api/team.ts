import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import type { ApiData } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';

/** The team views' SWR keys (the navigation loads the member count, so this file stays small). */
export const teamKeys = {
  memberCount: apiKey('/admin/get-count'),
  members: apiKey('/admin/get'),
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

export const acceptInvitation = (token: string) => api.post('/admin/accept-email-invitation', { body: { token } });

/** What an invitation link offers, asked before anyone signs in (`POST /admin/invitation-preview`). */
export type InvitationPreview = ApiData<'post_admin_invitation_preview'>;

export const previewInvitation = (token: string) => api.post('/admin/invitation-preview', { auth: false, body: { token } });

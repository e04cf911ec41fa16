import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { ApiData, Schemas } from '@/lib/api-schema';

/** The team views' SWR keys (the navigation loads the member count, so this file stays small). */
export const teamKeys = {
  memberCount: '/admin/get-count',
  members: '/admin/get',
  invitations: '/admin/invitations',
  onBreak: '/admin/onBreak',
  onLeaves: (todayDate: string) => ['/admin/onLeaves', { todayDate }] as const,
} as const;

/** 'Team Members (N)': the caller's team size, loaded with the navigation when signed in. */
export function useMemberCount(): number | undefined {
  const { signedIn } = useSession();
  const { data } = useSWR<ApiData<'get_admin_get_count'>>(signedIn ? teamKeys.memberCount : null);
  return typeof data === 'number' ? data : undefined;
}

export const acceptInvitation = (token: string) =>
  api.post<ApiData<'post_admin_accept_email_invitation'>>('/admin/accept-email-invitation', { token } satisfies Schemas['TokenInput']);

/** What an invitation link offers, asked before anyone signs in (`POST /admin/invitation-preview`). */
export type InvitationPreview = ApiData<'post_admin_invitation_preview'>;

export const previewInvitation = (token: string) =>
  api.post<InvitationPreview>('/admin/invitation-preview', { token } satisfies Schemas['TokenInput'], { auth: false });

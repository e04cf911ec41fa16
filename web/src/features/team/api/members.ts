import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { ApiData, Schemas } from '@/lib/api-schema';
import { todayIso } from '@/lib/format';
import { teamKeys } from './team';

export type Role = Schemas['Member']['role'];
export type PresenceStatus = Schemas['MemberPresence']['status'];

export const roles: readonly Role[] = ['admin', 'hr', 'member'];
export const roleLabels: Record<Role, string> = { admin: 'Admin', hr: 'HR', member: 'Member' };

/** A row of `GET /admin/get`: `since` is the break's start (RFC 3339) or the leave's first day; `until` its last. */
export type TeamMember = Schemas['MemberPresence'];

/** A row of `GET /admin/onBreak`, longest break first. */
export type OnBreakMember = Schemas['OnBreakMember'];

/** A row of `GET /admin/onLeaves`; `reason` only reaches admins and HR. */
export type OnLeaveMember = Schemas['OnLeaveMember'];

/** The team views refresh on their own while open (between 30 and 60 s). */
export const TEAM_REFRESH_MS = 30_000;

const live = { refreshInterval: TEAM_REFRESH_MS };

export function useTeamMembers() {
  const { signedIn, id } = useSession();
  const result = useSWR<TeamMember[]>(signedIn ? teamKeys.members : null, live);
  const members = result.data ?? [];
  const me = members.find((member) => member.id === id);
  return { ...result, members, me, isAdmin: me?.role === 'admin' };
}

export function useOnBreak() {
  const { signedIn } = useSession();
  return useSWR<OnBreakMember[]>(signedIn ? teamKeys.onBreak : null, live);
}

export function useOnLeaves(day: string = todayIso()) {
  const { signedIn } = useSession();
  return useSWR<OnLeaveMember[]>(signedIn ? teamKeys.onLeaves(day) : null, live);
}

/** After a change of membership the list and the navigation's count both revalidate. */
function useRevalidateCount() {
  const { mutate } = useSWRConfig();
  return () => void mutate(teamKeys.memberCount);
}

export type InviteArg = Schemas['InviteInput'];

export function useInviteMember() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(teamKeys.members, (_key: string, { arg }: { arg: InviteArg }) => api.post<ApiData<'post_admin_invite'>>('/admin/invite', arg), {
    onSuccess: () => void mutate(teamKeys.invitations),
  });
}

/** A row of `GET /admin/invitations`, newest first; `expired` ones can be sent again. */
export type PendingInvitation = Schemas['PendingInvitation'];

/** The team's pending invitations (admins only: others are never asked). */
export function usePendingInvitations(isAdmin: boolean) {
  const { signedIn } = useSession();
  return useSWR<PendingInvitation[]>(signedIn && isAdmin ? teamKeys.invitations : null);
}

/** A new link and seven new days; the old link stops working. */
export function useResendInvitation() {
  return useSWRMutation(teamKeys.invitations, (_key: string, { arg: id }: { arg: string }) =>
    api.post<ApiData<'post_admin_invitations_id_resend'>>(`/admin/invitations/${encodeURIComponent(id)}/resend`, {}),
  );
}

/** The link stops working. */
export function useRevokeInvitation() {
  return useSWRMutation(teamKeys.invitations, (_key: string, { arg: id }: { arg: string }) =>
    api.del<ApiData<'delete_admin_invitations_id'>>(`/admin/invitations/${encodeURIComponent(id)}`),
  );
}

export function useChangeRole() {
  return useSWRMutation(teamKeys.members, (_key: string, { arg }: { arg: { userId: string; role: Role } }) =>
    api.put<Schemas['Member']>(`/admin/role/${encodeURIComponent(arg.userId)}`, { role: arg.role } satisfies Schemas['RoleInput']),
  );
}

export function useRemoveMember() {
  const revalidateCount = useRevalidateCount();
  return useSWRMutation(
    teamKeys.members,
    (_key: string, { arg: userId }: { arg: string }) => api.del<Schemas['Message']>(`/admin/member/${encodeURIComponent(userId)}`),
    { onSuccess: revalidateCount },
  );
}

import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';
import { todayIso } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useApi } from '@/lib/swr';
import { TEAM_REFRESH_MS } from '@/lib/team-members';
import { teamKeys } from './team';

export type Role = Schemas['Member']['role'];
export type PresenceStatus = Schemas['MemberPresence']['status'];

export const roles: readonly Role[] = ['admin', 'hr', 'member'];
/** A role's name in the person's language ('Admin', 'HR', 'Member'); an unknown role as the server wrote it. */
export const roleLabel = (role: string): string => (roles.includes(role as Role) ? t(`team.roles.${role}`) : role);

/** The role picker's choices, in the language of the moment. */
export const roleOptions = () => roles.map((role) => ({ value: role, label: roleLabel(role) }));

/** A row of `GET /admin/onBreak`, longest break first. */
export type OnBreakMember = Schemas['OnBreakMember'];

/** A row of `GET /admin/onLeaves`; `reason` only reaches admins and HR. */
export type OnLeaveMember = Schemas['OnLeaveMember'];

const live = { refreshInterval: TEAM_REFRESH_MS };

export function useOnBreak() {
  const { signedIn } = useSession();
  return useApi(signedIn && teamKeys.onBreak, live);
}

export function useOnLeaves(day: string = todayIso()) {
  const { signedIn } = useSession();
  return useApi(signedIn && teamKeys.onLeaves(day), live);
}

/** After a change of membership the list and the navigation's count both revalidate. */
function useRevalidateCount() {
  const { mutate } = useSWRConfig();
  return () => void mutate(teamKeys.memberCount);
}

export type InviteArg = Schemas['InviteInput'];

export function useInviteMember() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(teamKeys.members, (_key: unknown, { arg }: { arg: InviteArg }) => api.post('/admin/invite', { body: arg }), {
    onSuccess: () => void mutate(teamKeys.invitations),
  });
}

/** A row of `GET /admin/invitations`, newest first; `expired` ones can be sent again. */
export type PendingInvitation = Schemas['PendingInvitation'];

/** The team's pending invitations (admins only: others are never asked). */
export function usePendingInvitations(isAdmin: boolean) {
  const { signedIn } = useSession();
  return useApi(signedIn && isAdmin && teamKeys.invitations);
}

/** A new link and seven new days; the old link stops working. */
export function useResendInvitation() {
  return useSWRMutation(teamKeys.invitations, (_key: unknown, { arg: id }: { arg: string }) => api.post('/admin/invitations/{id}/resend', { params: { id } }));
}

/** The link stops working. */
export function useRevokeInvitation() {
  return useSWRMutation(teamKeys.invitations, (_key: unknown, { arg: id }: { arg: string }) => api.del('/admin/invitations/{id}', { params: { id } }));
}

export function useChangeRole() {
  return useSWRMutation(teamKeys.members, (_key: unknown, { arg }: { arg: { userId: string; role: Role } }) =>
    api.put('/admin/role/{userId}', { params: { userId: arg.userId }, body: { role: arg.role } }),
  );
}

export function useRemoveMember() {
  const revalidateCount = useRevalidateCount();
  return useSWRMutation(teamKeys.members, (_key: unknown, { arg: userId }: { arg: string }) => api.del('/admin/member/{userId}', { params: { userId } }), {
    onSuccess: revalidateCount,
  });
}

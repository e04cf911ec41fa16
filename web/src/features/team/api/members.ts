import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { todayIso } from '@/lib/format';
import { teamKeys } from './team';

export type Role = 'admin' | 'hr' | 'member';
export type PresenceStatus = 'available' | 'onBreak' | 'onLeave';

export const roles: readonly Role[] = ['admin', 'hr', 'member'];
export const roleLabels: Record<Role, string> = { admin: 'Admin', hr: 'HR', member: 'Member' };

/** A row of `GET /admin/get`: `since` is the break's start (RFC 3339) or the leave's first day; `until` its last. */
export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
  status: PresenceStatus;
  since?: string | null;
  breakType?: string | null;
  until?: string | null;
}

/** A row of `GET /admin/onBreak`, longest break first. */
export interface OnBreakMember {
  userId: string;
  name: string;
  type: string;
  reason: string;
  since: string;
  startTime: string;
  createdDate: string;
}

/** A row of `GET /admin/onLeaves`; `reason` only reaches admins and HR. */
export interface OnLeaveMember {
  userId: string;
  name: string;
  leaveId: string;
  fromDate: string;
  toDate: string;
  days: number;
  reason?: string;
}

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

export interface InviteArg {
  email: string;
  role: Role;
}

export function useInviteMember() {
  return useSWRMutation(teamKeys.members, (_key: string, { arg }: { arg: InviteArg }) =>
    api.post<{ message?: string; email?: string; role?: Role }>('/admin/invite', arg),
  );
}

export function useChangeRole() {
  return useSWRMutation(teamKeys.members, (_key: string, { arg }: { arg: { userId: string; role: Role } }) =>
    api.put<TeamMember>(`/admin/role/${encodeURIComponent(arg.userId)}`, { role: arg.role }),
  );
}

export function useRemoveMember() {
  const revalidateCount = useRevalidateCount();
  return useSWRMutation(
    teamKeys.members,
    (_key: string, { arg: userId }: { arg: string }) => api.del<{ message?: string }>(`/admin/member/${encodeURIComponent(userId)}`),
    { onSuccess: revalidateCount },
  );
}

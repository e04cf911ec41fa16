import { apiKey } from './api-paths';
import type { Schemas } from './api-schema';
import { useSession } from './auth';
import { useApi } from './swr';

/** `GET /admin/get`: the caller's team with each member's presence (the team views and the audit log's person filter). */
export const TEAM_MEMBERS_KEY = apiKey('/admin/get');

/** The team views refresh on their own while open (between 30 and 60 s). */
export const TEAM_REFRESH_MS = 30_000;

/** A row of `GET /admin/get`: `since` is the break's start (RFC 3339) or the leave's first day; `until` its last. */
/** `breakDue`: working past a break threshold of the team's rules (the member, admins and HR see it; else false). */
export type TeamMember = Schemas['MemberPresence'];

export function useTeamMembers() {
  const { signedIn, id } = useSession();
  const result = useApi(signedIn && TEAM_MEMBERS_KEY, { refreshInterval: TEAM_REFRESH_MS });
  const members = result.data ?? [];
  const me = members.find((member) => member.id === id);
  return { ...result, members, me, isAdmin: me?.role === 'admin' };
}

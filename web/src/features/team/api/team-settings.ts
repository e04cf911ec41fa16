import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { teamKeys, type TeamChanges, type TeamSettings } from './team';

/** `PUT /admin/team` (admins): the answer becomes the cached team. An empty body only ends the question for the name. */
export function useUpdateTeam() {
  return useSWRMutation(teamKeys.team, (_key: unknown, { arg }: { arg: TeamChanges }) => api.put('/admin/team', { body: arg }) as Promise<TeamSettings>, {
    populateCache: true,
    revalidate: false,
  });
}

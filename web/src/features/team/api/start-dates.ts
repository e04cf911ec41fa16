import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKey } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';

/** A member's first day with a target: the day they joined the team (their zone), or the date an admin set. */
export type MemberStart = Schemas['MemberStart'];

const startDatesKey = apiKey('/admin/start-dates');

/** Every member's start date (`GET /admin/start-dates`, admins and HR): one request for the whole list. */
export function useStartDates(enabled: boolean) {
  return useApi(enabled && startDatesKey);
}

/** Sets a member's start date; the list reloads with the answer. */
export function useSaveStartDate() {
  const { mutate } = useSWRConfig();
  return async (userId: string, startDate: string) => {
    const answer = await api.put('/admin/start-dates/{userId}', { params: { userId }, body: { startDate } });
    await mutate(startDatesKey);
    return answer;
  };
}

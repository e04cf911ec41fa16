import useSWR from 'swr';
import { apiKey } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';

/** The fields of today's records the read-only agenda shows. */
export type AgendaMeeting = Pick<Schemas['Meeting'], '_id' | 'from' | 'to' | 'scheduleDate' | 'description' | 'title' | 'place'>;

export type AgendaBreak = Pick<Schemas['Break'], '_id' | 'startTime' | 'endTime' | 'duration' | 'type' | 'reason'>;

export type AgendaTask = Pick<Schemas['Task'], '_id' | 'title' | 'description' | 'status' | 'priority'>;

/** The agenda lists a day's meetings whole; a day with more than this many is not a day anyone plans. */
const AGENDA_MEETINGS_LIMIT = 100;

/**
 * The keys are the ones the record screens read too, so the agenda shows what they show and is refreshed by
 * their saves.
 */
export const agendaKeys = {
  meetings: (date: string) => apiKey('/meeting/get', { query: { todayScheduledDate: date, isToday: true, skip: 0, limit: AGENDA_MEETINGS_LIMIT } }),
  breaks: (date: string) => apiKey('/break/todayBreaks', { query: { todayCreatedDate: date } }),
  tasks: (date: string) => apiKey('/task/todayTasks', { query: { todayScheduledDate: date } }),
};

export function useAgendaMeetings(date: string) {
  const { signedIn } = useSession();
  return useSWR<Omit<Schemas['MeetingList'], 'meetings'> & { meetings: AgendaMeeting[] }>(signedIn ? agendaKeys.meetings(date) : null);
}

export function useAgendaBreaks(date: string) {
  const { signedIn } = useSession();
  return useSWR<AgendaBreak[]>(signedIn ? agendaKeys.breaks(date) : null);
}

export function useAgendaTasks(date: string) {
  const { signedIn } = useSession();
  return useSWR<AgendaTask[]>(signedIn ? agendaKeys.tasks(date) : null);
}

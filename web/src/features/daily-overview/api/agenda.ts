import useSWR from 'swr';
import { useSession } from '@/lib/auth';

/** The fields of today's records the read-only agenda shows. */
export interface AgendaMeeting {
  _id: string;
  from: string;
  to: string;
  scheduleDate: string;
  description: string;
}

export interface AgendaBreak {
  _id: string;
  startTime: string;
  endTime: string;
  duration: number;
  type: string;
  reason: string;
}

export interface AgendaTask {
  _id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
}

/** The agenda lists a day's meetings whole; a day with more than this many is not a day anyone plans. */
const AGENDA_MEETINGS_LIMIT = 100;

/**
 * The keys are the ones the record screens read too, so the agenda shows what they show and is refreshed by
 * their saves.
 */
export const agendaKeys = {
  meetings: (date: string) => ['/meeting/get', { todayScheduledDate: date, isToday: true, skip: 0, limit: AGENDA_MEETINGS_LIMIT }] as const,
  breaks: (date: string) => ['/break/todayBreaks', { todayCreatedDate: date }] as const,
  tasks: (date: string) => ['/task/todayTasks', { todayScheduledDate: date }] as const,
};

export function useAgendaMeetings(date: string) {
  const { signedIn } = useSession();
  return useSWR<{ meetings: AgendaMeeting[] }>(signedIn ? agendaKeys.meetings(date) : null);
}

export function useAgendaBreaks(date: string) {
  const { signedIn } = useSession();
  return useSWR<AgendaBreak[]>(signedIn ? agendaKeys.breaks(date) : null);
}

export function useAgendaTasks(date: string) {
  const { signedIn } = useSession();
  return useSWR<AgendaTask[]>(signedIn ? agendaKeys.tasks(date) : null);
}

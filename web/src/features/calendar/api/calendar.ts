import { apiKey } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';

/** `GET /leaves/calendar?month=`: every member (by name) with their approved and pending leaves, and the holidays. */
export type TeamCalendar = Schemas['TeamCalendar'];

/** A member's row: their leaves sharing a day with the month, earliest first. */
export type CalendarMember = Schemas['CalendarMember'];

/** One leave on the calendar; `reason` only for the requester's own leaves and for admins and HR. */
export type CalendarLeave = Schemas['CalendarLeave'];

/** A day off of the whole team. */
export type CalendarHoliday = Schemas['Holiday'];

/** Only these two reach the calendar: declined and cancelled leaves free their days. */
export type CalendarStatus = CalendarLeave['status'];

export const calendarKeys = {
  month: (month: string) => apiKey('/leaves/calendar', { query: { month } }),
  /** The team's work week (any member reads the leave settings): the days not in it are shaded. */
  settings: apiKey('/leaves/settings'),
} as const;

/** The team's calendar of `YYYY-MM`; the previous month stays on screen while the next one loads. */
export function useTeamCalendar(month: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && calendarKeys.month(month), { keepPreviousData: true });
}

/** Monday to Friday, as a new team has it, until the settings are read (or when they cannot be). */
export const DEFAULT_WORK_WEEK: readonly number[] = [1, 2, 3, 4, 5];

/** The team's work week, ISO day numbers (1 Monday … 7 Sunday). */
export function useWorkWeek(): readonly number[] {
  const { signedIn } = useSession();
  const { data } = useApi(signedIn && calendarKeys.settings);
  return data?.workWeek?.length ? data.workWeek : DEFAULT_WORK_WEEK;
}

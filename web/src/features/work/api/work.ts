import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiKey, apiWrite, keyIn, keyUnder, type QueryValue } from '@/lib/api-paths';
import type { Schemas } from '@/lib/api-schema';
import { useSession } from '@/lib/auth';
import { todayIso } from '@/lib/format';
import { t } from '@/lib/i18n';
import { localHhmm } from '@/lib/offline/format';
import { sendOrQueue, useLiveRecord, type Live, type WriteOutcome } from '@/lib/offline/write';
import { useApi } from '@/lib/swr';

/**
 * The open work period (clocked in); `since` is RFC 3339, `startTime` HH:MM in the person's zone; `guard` is when the
 * next break falls due under the team's rules, and the rest notice after clocking in (null for preset none).
 */
export type OpenWork = Schemas['CurrentWork'];
export type WorkChange = Schemas['WorkChange'];
export type WorkPeriod = Schemas['WorkPeriod'];
export type DayCredit = Schemas['DayCredit'];
/** A day, with what it broke of the team's rules (`findings`). */
export type WorkDay = Schemas['WorkDay'];
export type SummaryDay = Schemas['SummaryDay'];
export type WorkSummary = Schemas['WorkSummary'];
export type WorkBalance = Schemas['WorkBalance'];
export type WorkSchedule = Schemas['WorkSchedule'];
export type Timesheet = Schemas['Timesheet'];
/** `POST /work/end`'s answer: the period, and the day's summary under the team's rules (none for preset none). */
export type EndedWork = Schemas['EndedWork'];
export type TimesheetRow = Schemas['TimesheetRow'];
export type TimesheetStatus = Schemas['TimesheetStatus'];
/** What the period form sends (`POST /work/periods`, `PUT /work/periods/{id}`). */
export type PeriodFields = Schemas['PeriodInput'];
/** Minutes for Monday to Sunday (seven values). */
export type Weekdays = number[];

/** Leaves out the query values that are not set (an approver's `userId` on their own records). */
export function query<T extends Record<string, QueryValue>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== '')) as T;
}

/** The `?userId=` of an approver acting for a member, or nothing. */
export const forMember = (userId?: string) => (userId ? { query: { userId } } : {});

export const workKeys = {
  current: apiKey('/work/current'),
  day: (date: string, userId?: string) => apiKey('/work/day', { query: query({ date, userId }) }),
  summary: (from: string, to: string, userId?: string) => apiKey('/work/summary', { query: query({ from, to, userId }) }),
  balance: (userId?: string) => apiKey('/work/balance', forMember(userId)),
  schedule: apiKey('/work/schedule'),
  timesheet: (month: string, userId?: string) => apiKey('/timesheets/{month}', { params: { month }, ...forMember(userId) }),
  timesheets: (month: string) => apiKey('/timesheets', { query: { month } }),
} as const;

/** Every working-time read: the day, summaries, balance, schedule and timesheets. */
export const isWorkKey = (key: unknown) => keyUnder(key, '/work/') || keyUnder(key, '/timesheets/') || keyIn(key, ['/timesheets']);

/** Revalidates every working-time read after a write. */
export function useRevalidateWork(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isWorkKey), [mutate]);
}

/**
 * After clocking in or out: the open period is what the answer says (`POST /work/start` answers what `GET
 * /work/current` would; after `POST /work/end` none is open), so it is not read again; the other reads are.
 */
function useClockAnswered(): (current: OpenWork | null) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (current: OpenWork | null) => {
      await mutate(workKeys.current, current, { revalidate: false });
      return mutate((key) => isWorkKey(key) && key !== workKeys.current);
    },
    [mutate],
  );
}

// ---- reads ------------------------------------------------------------------------------------------------------

/** Clocking in or out on another device shows up within a minute. */
const CURRENT_REFRESH_MS = 60_000;

export function useCurrentWork() {
  const { signedIn } = useSession();
  return useApi(signedIn && workKeys.current, { refreshInterval: CURRENT_REFRESH_MS });
}

export function useWorkDay(date: string, userId?: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && workKeys.day(date, userId), { keepPreviousData: true });
}

export function useWorkSummary(from: string, to: string, userId?: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && workKeys.summary(from, to, userId), { keepPreviousData: true });
}

export function useWorkBalance(userId?: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && workKeys.balance(userId));
}

export function useWorkSchedule() {
  const { signedIn } = useSession();
  return useApi(signedIn && workKeys.schedule);
}

export function useTimesheet(month: string, userId?: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && workKeys.timesheet(month, userId), { keepPreviousData: true });
}

/** The team's timesheets of a month (approvers; `null` reads nothing). */
export function useTeamTimesheets(month: string | null) {
  const { signedIn } = useSession();
  return useApi(signedIn && month !== null && workKeys.timesheets(month), { keepPreviousData: true });
}

// ---- clocking in and out ------------------------------------------------------------------------------------------

/** The open work period: the server's, with the taps still queued played over it. */
export type LiveWork = Live<OpenWork>;

/** Clocks in now; a tap queued offline carries its time (`at`), as a live break's does. */
export function useStartWork() {
  const answered = useClockAnswered();
  return useSWRMutation<WriteOutcome<OpenWork>, Error, string, void>('work:start', async () => {
    const at = new Date().toISOString();
    const outcome = await sendOrQueue({
      kind: 'live-work',
      action: 'start',
      request: apiWrite.post('/work/start', { body: {} }),
      whenQueued: { at },
      label: t('work.queue.start'),
      queuedAt: at,
    });
    if (!outcome.queued) await answered(outcome.data);
    return outcome;
  });
}

/** Clocks out of `current` now; a tap queued offline carries its time (`at`). */
export function useEndWork() {
  const answered = useClockAnswered();
  return useSWRMutation<WriteOutcome<EndedWork>, Error, string, LiveWork>('work:end', async (_key, { arg: current }) => {
    const at = new Date().toISOString();
    const outcome = await sendOrQueue({
      kind: 'live-work',
      action: 'end',
      request: apiWrite.post('/work/end', { body: {} }),
      whenQueued: { at },
      // `after` ties it to a start still queued: discarding the start takes the end along.
      meta: { since: current.since, startTime: current.startTime, after: current.pending?.key },
      label: t('work.queue.end'),
      queuedAt: at,
    });
    if (!outcome.queued) await answered(null);
    return outcome;
  });
}

/** The open work period, with queued starts and ends played over the server's (last known) one. */
export function useLiveWork() {
  return useLiveRecord<OpenWork>('live-work', useCurrentWork(), (tap, since, started) => ({
    since,
    date: todayIso(started),
    startTime: localHhmm(started),
    timeZone: '',
    workedMinutes: 0,
    guard: null,
    pending: tap,
  }));
}

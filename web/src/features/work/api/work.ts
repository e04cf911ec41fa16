import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { keyPath, type ApiKey, type ApiWrite, type HttpMethod, type QueryValue } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { todayIso } from '@/lib/format';
import { t } from '@/lib/i18n';
import { localHhmm } from '@/lib/offline/format';
import type { QueuedWrite } from '@/lib/offline/queue';
import { sendOrQueue, useQueuedWrites, type WriteOutcome } from '@/lib/offline/write';
import { useApi } from '@/lib/swr';
import type { OpenWork, Timesheet, TimesheetRow, WorkBalance, WorkDay, WorkPeriod, WorkSchedule, WorkSummary } from './work-types';

/*
 * The working-time requests (/work/..., /timesheets/...). The OpenAPI document does not list these routes yet, so the
 * keys and writes are built here over the same layer the typed client uses (`api.read`, `api.send`, the offline
 * queue's `sendOrQueue`); once api-types.ts is generated with them, these become `apiKey(...)` and `apiWrite.*(...)`.
 */

/** Leaves out the query values that are not set (an approver's `userId` on their own records). */
export function query(values: Record<string, QueryValue>): Record<string, QueryValue> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

function readKey<T>(path: string, values?: Record<string, QueryValue>): ApiKey<T> {
  const kept = values ? query(values) : {};
  return (Object.keys(kept).length > 0 ? [path, kept] : path) as ApiKey<T>;
}

export const write = <T>(method: Exclude<HttpMethod, 'GET'>, path: string, body?: Record<string, unknown>): ApiWrite<T> =>
  (body === undefined ? { method, path } : { method, path, body }) as ApiWrite<T>;

export const monthPath = (month: string, action?: string) => `/timesheets/${encodeURIComponent(month)}${action ? '/' + action : ''}`;

export const workKeys = {
  current: readKey<OpenWork | null>('/work/current'),
  day: (date: string, userId?: string) => readKey<WorkDay>('/work/day', { date, userId }),
  summary: (from: string, to: string, userId?: string) => readKey<WorkSummary>('/work/summary', { from, to, userId }),
  balance: (userId?: string) => readKey<WorkBalance>('/work/balance', { userId }),
  schedule: (userId?: string) => readKey<WorkSchedule>('/work/schedule', { userId }),
  timesheet: (month: string, userId?: string) => readKey<Timesheet>(monthPath(month), { userId }),
  timesheets: (month: string) => readKey<TimesheetRow[]>('/timesheets', { month }),
} as const;

/** Every working-time read: the day, summaries, balance, schedule and timesheets. */
export const isWorkKey = (key: unknown) => /^\/(work|timesheets)(\/|$)/.test(keyPath(key) ?? '');

/** Revalidates every working-time read after a write. */
export function useRevalidateWork(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isWorkKey), [mutate]);
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

export function useWorkSchedule(userId?: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && workKeys.schedule(userId));
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
export type LiveWork = OpenWork & { pending?: QueuedWrite };

/** Clocks in now; a tap queued offline carries its time (`at`), as a live break's does. */
export function useStartWork() {
  const revalidate = useRevalidateWork();
  return useSWRMutation<WriteOutcome<OpenWork>, Error, string, void>('work:start', async () => {
    const at = new Date().toISOString();
    const outcome = await sendOrQueue({
      kind: 'live-work',
      action: 'start',
      request: write<OpenWork>('POST', '/work/start', {}),
      whenQueued: { at },
      label: t('work.queue.start'),
      queuedAt: at,
    });
    if (!outcome.queued) await revalidate();
    return outcome;
  });
}

/** Clocks out of `current` now; a tap queued offline carries its time (`at`). */
export function useEndWork() {
  const revalidate = useRevalidateWork();
  return useSWRMutation<WriteOutcome<WorkPeriod>, Error, string, LiveWork>('work:end', async (_key, { arg: current }) => {
    const at = new Date().toISOString();
    const outcome = await sendOrQueue({
      kind: 'live-work',
      action: 'end',
      request: write<WorkPeriod>('POST', '/work/end', {}),
      whenQueued: { at },
      // `after` ties it to a start still queued: discarding the start takes the end along.
      meta: { since: current.since, startTime: current.startTime, after: current.pending?.key },
      label: t('work.queue.end'),
      queuedAt: at,
    });
    if (!outcome.queued) await revalidate();
    return outcome;
  });
}

/** The open work period, with queued starts and ends played over the server's (last known) one. */
export function useLiveWork() {
  const current = useCurrentWork();
  const taps = useQueuedWrites('live-work').filter((item) => item.status === 'waiting');
  let live: LiveWork | null | undefined = current.data;
  for (const item of taps) {
    if (item.action === 'end') {
      live = null;
    } else {
      const since = String(item.body?.['at'] ?? item.queuedAt);
      const started = new Date(since);
      live = { since, date: todayIso(started), startTime: localHhmm(started), timeZone: '', workedMinutes: 0, pending: item };
    }
  }
  return { live, isLoading: current.isLoading && taps.length === 0, error: current.error };
}

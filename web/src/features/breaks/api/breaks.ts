import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useCallback } from 'react';
import { apiKey, apiWrite, keyIn, keyUnder } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { t } from '@/lib/i18n';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';
import { localHhmm } from '@/lib/offline/format';
import { queuedId, type Pending } from '@/lib/offline/pending';
import type { QueuedWrite } from '@/lib/offline/queue';
import { sendOrQueue, useLiveRecord, type Live, type WriteOutcome } from '@/lib/offline/write';
import { todayIso } from '@/lib/format';

/** A logged break (spec §3); `duration` is minutes, computed by the server; `live` when recorded with Start break / End break. */
export type Break = Schemas['Break'];

/** The caller's running break (`GET /break/current`); `since` is the RFC 3339 instant it started. */
export type OpenBreak = Schemas['OpenBreak'];

/** What the add and edit dialog sends: the document's body (the server works out `duration`). */
export type BreakFields = Schemas['BreakCreate'];

/**
 * Used when the team's list cannot be loaded (spec §3, §8). The same names as the server's default list: break types
 * are the team's data (an administrator renames them), so they are shown as they are, not translated.
 */
export const FALLBACK_BREAK_TYPES: readonly string[] = [
  'Lunch Break',
  'Short Break',
  'Refreshment',
  'Social Media Break',
  'Cigarette',
  'Picking kids from School',
  'Coffee Break',
];

export const breakKeys = {
  today: (date: string) => apiKey('/break/todayBreaks', { query: { todayCreatedDate: date } }),
  current: apiKey('/break/current'),
  types: apiKey('/type/get'),
} as const;

/** Every break read, and the team views that show who is on break (they read the same records). */
export const isBreakKey = (key: unknown) => keyUnder(key, '/break/') || keyIn(key, ['/admin/onBreak', '/admin/get']);

/** Revalidates every break read (today's list, the live break, the team views) after a write. */
export function useRevalidateBreaks(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isBreakKey), [mutate]);
}

/**
 * After a live break's start or end: the live break is what the answer says (`POST /break/start` answers what `GET
 * /break/current` would; after `POST /break/end` none is open), so it is not read again; the other reads are.
 */
function useLiveBreakAnswered(): (current: OpenBreak | null) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (current: OpenBreak | null) => {
      await mutate(breakKeys.current, current, { revalidate: false });
      return mutate((key) => isBreakKey(key) && key !== breakKeys.current);
    },
    [mutate],
  );
}

/** Today's breaks by start time; `date` is the user's local date (YYYY-MM-DD). */
export function useTodayBreaks(date: string) {
  const { signedIn } = useSession();
  return useApi(signedIn && breakKeys.today(date));
}

/** A break started or ended on another device shows up within a minute. */
const CURRENT_REFRESH_MS = 60_000;

export function useCurrentBreak() {
  const { signedIn } = useSession();
  return useApi<OpenBreak | null>(signedIn && breakKeys.current, { refreshInterval: CURRENT_REFRESH_MS });
}

/** The team's break types (`data[0].type`), or the fallback list when signed out or when the load fails. */
export function useBreakTypes(): { types: readonly string[]; isLoading: boolean } {
  const { signedIn } = useSession();
  const { data, error, isLoading } = useApi(signedIn && breakKeys.types);
  const loaded = data?.[0]?.type;
  if (!error && Array.isArray(loaded) && loaded.length > 0) return { types: loaded.filter((name): name is string => typeof name === 'string'), isLoading };
  return { types: FALLBACK_BREAK_TYPES, isLoading };
}

interface SaveArg {
  id?: string;
  fields: BreakFields;
  /** The break as it was shown when the edit began (a queued edit checks the server still has it). */
  base?: Break;
}

/**
 * Adds a break, or edits one when `id` is given, then revalidates the break reads; without a connection the write
 * is queued (`queued: true`) and sent later.
 */
export function useSaveBreak() {
  const revalidate = useRevalidateBreaks();
  return useSWRMutation<WriteOutcome<Break>, Error, string, SaveArg>('break:save', async (_key, { arg }) => {
    const outcome = await sendOrQueue(
      arg.id
        ? {
            kind: 'break',
            action: 'edit',
            request: apiWrite.put('/break/edit/{id}', { params: { id: arg.id }, body: arg.fields }),
            recordId: arg.id,
            base: arg.base,
            label: t('breaks.queue.edit', { type: arg.fields.type }),
          }
        : { kind: 'break', action: 'add', request: apiWrite.post('/break/add', { body: arg.fields }), label: t('breaks.queue.add', { type: arg.fields.type }) },
    );
    if (!outcome.queued) await revalidate();
    return outcome;
  });
}

/** The break the person is on: the server's, with the live-break taps still queued played over it. */
export type LiveBreak = Live<OpenBreak>;

/** Starts a live break now; a tap queued offline carries its time (`at`) so the break keeps it. */
export function useStartBreak() {
  const answered = useLiveBreakAnswered();
  return useSWRMutation<WriteOutcome<OpenBreak>, Error, string, Schemas['LiveBreakInput']>('break:start', async (_key, { arg }) => {
    const at = new Date().toISOString();
    const outcome = await sendOrQueue({
      kind: 'live-break',
      action: 'start',
      request: apiWrite.post('/break/start', { body: { ...arg } }),
      whenQueued: { at },
      label: t('breaks.queue.start', { type: arg.type ?? '' }),
      queuedAt: at,
    });
    if (!outcome.queued) await answered(outcome.data);
    return outcome;
  });
}

/** Ends the live break `current` now; a tap queued offline carries its time (`at`). */
export function useEndBreak() {
  const answered = useLiveBreakAnswered();
  return useSWRMutation<WriteOutcome<Break>, Error, string, LiveBreak>('break:end', async (_key, { arg: current }) => {
    const at = new Date().toISOString();
    const outcome = await sendOrQueue({
      kind: 'live-break',
      action: 'end',
      request: apiWrite.post('/break/end', { body: {} }),
      whenQueued: { at },
      // What today's list shows until it is sent; `after` ties it to a start still queued.
      meta: { type: current.type, reason: current.reason, since: current.since, startTime: current.startTime, after: current.pending?.key },
      label: t('breaks.queue.end', { type: current.type }),
      queuedAt: at,
    });
    if (!outcome.queued) await answered(null);
    return outcome;
  });
}

/** The live break, with queued starts and ends played over the server's (last known) one. */
export function useLiveBreak() {
  return useLiveRecord<OpenBreak>('live-break', useCurrentBreak(), (tap, since, started) => ({
    type: String(tap.body?.['type'] ?? ''),
    reason: String(tap.body?.['reason'] ?? ''),
    since,
    startTime: localHhmm(started),
    createdDate: todayIso(started),
    name: '',
    teamId: '',
    timeZone: '',
    userId: tap.userId,
    pending: tap,
  }));
}

/** A live break ended offline, as today's list shows it until it is sent. */
export function endedOffline(item: QueuedWrite): Pending<Break> | undefined {
  if (item.action !== 'end' || !item.meta) return undefined;
  const since = Date.parse(String(item.meta['since']));
  const until = Date.parse(String(item.body?.['at'] ?? item.queuedAt));
  if (Number.isNaN(since) || Number.isNaN(until)) return undefined;
  return {
    _id: queuedId(item),
    type: String(item.meta['type'] ?? ''),
    reason: String(item.meta['reason'] ?? ''),
    startTime: localHhmm(new Date(since)),
    endTime: localHhmm(new Date(until)),
    duration: Math.max(1, Math.round((until - since) / 60_000)),
    createdDate: todayIso(new Date(since)),
    live: true,
    isClosed: true,
    isModal: false,
    createdAt: item.queuedAt,
    updatedAt: item.queuedAt,
    userId: item.userId,
    pending: item,
  };
}

/** Deletes a break (queued without a connection). */
export const deleteBreak = (record: Break) =>
  sendOrQueue({
    kind: 'break',
    action: 'delete',
    request: apiWrite.del('/break/delete/{id}', { params: { id: record._id } }),
    recordId: record._id,
    label: t('breaks.queue.delete', { type: record.type, time: record.startTime }),
  });

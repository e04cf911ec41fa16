import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';

/** A logged break (spec §3); `duration` is minutes, computed by the server; `live` when recorded with Start break / End break. */
export type Break = Schemas['Break'];

/** The caller's running break (`GET /break/current`); `since` is the RFC 3339 instant it started. */
export type OpenBreak = Schemas['OpenBreak'];

/**
 * What the add and edit dialog sends: the document's body, plus `duration`, `isClosed` and `isModal`, which spec §3
 * has the client send and the server ignores (it recomputes `duration`).
 */
export type BreakFields = Schemas['BreakCreate'] & { duration: number; isClosed: true; isModal: false };

/** Used when the team's list cannot be loaded (spec §3, §8). */
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
  today: (date: string) => ['/break/todayBreaks', { todayCreatedDate: date }] as const,
  current: '/break/current',
  types: '/type/get',
} as const;

/** The team views that show who is on break read the same records. */
const TEAM_VIEWS = ['/admin/onBreak', '/admin/get'];

const isBreakKey = (key: unknown) => {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && (path.startsWith('/break/') || TEAM_VIEWS.includes(path));
};

/** Revalidates every break read (today's list, the live break, the team views) after a write. */
export function useRevalidateBreaks(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isBreakKey), [mutate]);
}

/** Today's breaks by start time; `date` is the user's local date (YYYY-MM-DD). */
export function useTodayBreaks(date: string) {
  const { signedIn } = useSession();
  return useSWR<Break[]>(signedIn ? breakKeys.today(date) : null);
}

/** A break started or ended on another device shows up within a minute. */
const CURRENT_REFRESH_MS = 60_000;

export function useCurrentBreak() {
  const { signedIn } = useSession();
  return useSWR<OpenBreak | null>(signedIn ? breakKeys.current : null, { refreshInterval: CURRENT_REFRESH_MS });
}

/** The team's break types (`data[0].type`), or the fallback list when signed out or when the load fails. */
export function useBreakTypes(): { types: readonly string[]; isLoading: boolean } {
  const { signedIn } = useSession();
  const { data, error, isLoading } = useSWR<Schemas['BreakTypes']>(signedIn ? breakKeys.types : null);
  const loaded = data?.[0]?.type;
  if (!error && Array.isArray(loaded) && loaded.length > 0) return { types: loaded.filter((name): name is string => typeof name === 'string'), isLoading };
  return { types: FALLBACK_BREAK_TYPES, isLoading };
}

interface SaveArg {
  id?: string;
  fields: BreakFields;
}

/** Adds a break, or edits one when `id` is given; then revalidates the break reads. */
export function useSaveBreak() {
  const revalidate = useRevalidateBreaks();
  return useSWRMutation<Break, Error, string, SaveArg>('/break/save', async (_key, { arg }) => {
    const saved = arg.id ? await api.put<Break>(`/break/edit/${arg.id}`, arg.fields) : await api.post<Break>('/break/add', arg.fields);
    await revalidate();
    return saved;
  });
}

export function useStartBreak() {
  const revalidate = useRevalidateBreaks();
  return useSWRMutation<OpenBreak, Error, string, Schemas['LiveBreakInput']>('/break/start', async (_key, { arg }) => {
    const started = await api.post<OpenBreak>('/break/start', arg);
    await revalidate();
    return started;
  });
}

export function useEndBreak() {
  const revalidate = useRevalidateBreaks();
  return useSWRMutation<Break, Error, string>('/break/end', async () => {
    const ended = await api.post<Break>('/break/end');
    await revalidate();
    return ended;
  });
}

export const deleteBreak = (id: string) => api.del<Schemas['Deleted']>(`/break/delete/${id}`);

import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** A logged break (spec §3); `duration` is minutes, computed by the server. */
export interface Break {
  _id: string;
  userId: string;
  startTime: string;
  endTime: string;
  duration: number;
  createdDate: string;
  reason: string;
  type: string;
  isClosed: boolean;
  isModal: boolean;
  /** Recorded with Start break / End break rather than typed in. */
  live?: boolean;
  createdAt?: string;
  updatedAt?: string;
}

/** The caller's running break (`GET /break/current`). */
export interface OpenBreak {
  userId: string;
  name: string;
  type: string;
  reason: string;
  /** RFC 3339 instant the break started. */
  since: string;
  startTime: string;
  createdDate: string;
  timeZone: string;
}

/** What the add and edit dialog sends; the server recomputes `duration`. */
export interface BreakFields {
  startTime: string;
  endTime: string;
  duration: number;
  createdDate: string;
  type: string;
  reason: string;
  isClosed: true;
  isModal: false;
}

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
  const { data, error, isLoading } = useSWR<Array<{ type?: unknown }>>(signedIn ? breakKeys.types : null);
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
  return useSWRMutation<OpenBreak, Error, string, { type: string; reason: string }>('/break/start', async (_key, { arg }) => {
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

export const deleteBreak = (id: string) => api.del<{ _id: string; message: string }>(`/break/delete/${id}`);

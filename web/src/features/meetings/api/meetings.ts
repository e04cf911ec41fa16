import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import type { Schemas } from '@/lib/api-schema';
import type { ApiKey } from '@/lib/swr';
import { todayIso } from '@/lib/format';

export type Meeting = Schemas['Meeting'];

export type MeetingList = Schemas['MeetingList'];

export type MeetingFilter = 'today' | 'upcoming' | 'all';

export const meetingMessages = {
  fromRequired: 'Start time is required.',
  toRequired: 'End time is required.',
  dateRequired: 'Schedule date is required.',
  descriptionMax: 'Description must not exceed 1000 characters.',
  added: 'Meeting added successfully',
  updated: 'Meeting updated successfully',
  failedTitle: 'Error!',
  failed: 'Failed to save meeting',
  empty: {
    today: 'No meetings scheduled for today.',
    upcoming: 'No upcoming meetings found.',
    all: 'No meetings found.',
  } satisfies Record<MeetingFilter, string>,
} as const;

export const MEETING_DESCRIPTION_MAX = 1000;
/** Descriptions longer than this are cut in lists, with 'View All' for the rest (spec §9). */
export const MEETING_DESCRIPTION_PREVIEW = 70;

export const meetingSchema = z.object({
  scheduleDate: z.string().min(1, meetingMessages.dateRequired),
  from: z.string().min(1, meetingMessages.fromRequired),
  to: z.string().min(1, meetingMessages.toRequired),
  description: z.string().trim().max(MEETING_DESCRIPTION_MAX, meetingMessages.descriptionMax),
});

export type MeetingValues = z.infer<typeof meetingSchema>;

export interface MeetingQuery {
  filter: MeetingFilter;
  page: number;
  /** Only for 'all': an optional range of schedule dates. */
  startScheduleDate?: string;
  endScheduleDate?: string;
}

/** The list's SWR key: today and upcoming read `/meeting/get`, all reads `/meeting/all`. */
export function meetingListKey({ filter, page, startScheduleDate, endScheduleDate }: MeetingQuery, today = todayIso()): ApiKey {
  const paging = { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  if (filter === 'all') {
    return ['/meeting/all', { ...paging, startScheduleDate: startScheduleDate || undefined, endScheduleDate: endScheduleDate || undefined }];
  }
  return ['/meeting/get', { todayScheduledDate: today, isToday: filter === 'today', ...paging }];
}

/** The meetings of one page; nothing is asked for while signed out, so the list stays empty (spec §6). */
export function useMeetings(query: MeetingQuery) {
  const { signedIn } = useSession();
  return useSWR<MeetingList>(signedIn ? meetingListKey(query) : null, { keepPreviousData: true });
}

const keyPath = (key: unknown): string | undefined => (typeof key === 'string' ? key : Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined);

/** Every cached meeting list (this screen's and the Daily Agenda's) is asked for again after a change. */
export const isMeetingKey = (key: unknown) => keyPath(key)?.startsWith('/meeting/') ?? false;

function useRevalidateMeetings() {
  const { mutate } = useSWRConfig();
  return () => mutate(isMeetingKey);
}

interface SaveArg {
  id?: string;
  values: MeetingValues;
}

/** Schedules a meeting (no id) or updates one, then refreshes every meeting list. */
export function useSaveMeeting() {
  const revalidate = useRevalidateMeetings();
  return useSWRMutation<Meeting, Error, string, SaveArg>('meeting:save', async (_key, { arg: { id, values } }) => {
    const body: Schemas['MeetingCreate'] = { from: values.from, to: values.to, scheduleDate: values.scheduleDate, description: values.description.trim() };
    const saved = id ? await api.put<Meeting>(`/meeting/edit/${id}`, body) : await api.post<Meeting>('/meeting/add', body);
    void revalidate();
    return saved;
  });
}

export function useDeleteMeeting() {
  const revalidate = useRevalidateMeetings();
  return useSWRMutation<Schemas['Deleted'], Error, string, string>('meeting:delete', async (_key, { arg: id }) => {
    const result = await api.del<Schemas['Deleted']>(`/meeting/delete/${id}`);
    void revalidate();
    return result;
  });
}

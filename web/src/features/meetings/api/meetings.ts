import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { PAGE_SIZE } from '@/config/constants';
import { api } from '@/lib/api-client';
import { MeetingCreate } from '@/lib/api-rules';
import { apiKey, apiWrite, keyUnder } from '@/lib/api-paths';
import { useSession } from '@/lib/auth';
import { msg, t } from '@/lib/i18n';
import { sendOrQueue, type WriteOutcome } from '@/lib/offline/write';
import type { Schemas } from '@/lib/api-schema';
import { useApi } from '@/lib/swr';
import { todayIso } from '@/lib/format';

export type Meeting = Schemas['Meeting'];

export type MeetingList = Schemas['MeetingList'];

export type Attendee = Schemas['Attendee'];

/** A teammate a meeting can invite (`GET /meeting/people`). */
export type Invitee = Schemas['Invitee'];

export type MeetingFilter = 'today' | 'upcoming' | 'all';

/** The server's limits (src/lib/api-rules.ts, generated from the API document). */
export const MEETING_DESCRIPTION_MAX = MeetingCreate.properties.description.maxLength;
export const MEETING_TITLE_MAX = MeetingCreate.properties.title.maxLength;
export const MEETING_PLACE_MAX = MeetingCreate.properties.place.maxLength;

/** The meetings' messages, each read in the language of the moment it is called. */
export const meetingMessages = {
  fromRequired: msg('meetings.validation.fromRequired'),
  toRequired: msg('meetings.validation.toRequired'),
  dateRequired: msg('meetings.validation.dateRequired'),
  descriptionMax: msg('meetings.validation.descriptionMax', { max: MEETING_DESCRIPTION_MAX }),
  titleMax: msg('meetings.validation.titleMax', { max: MEETING_TITLE_MAX }),
  placeMax: msg('meetings.validation.placeMax', { max: MEETING_PLACE_MAX }),
  added: msg('meetings.form.added'),
  updated: msg('meetings.form.updated'),
  failedTitle: msg('meetings.errors.title'),
  failed: msg('meetings.errors.saveFailed'),
  empty: {
    today: msg('meetings.empty.today'),
    upcoming: msg('meetings.empty.upcoming'),
    all: msg('meetings.empty.all'),
  } satisfies Record<MeetingFilter, () => string>,
} as const;

/** Descriptions longer than this are cut in lists, with 'View All' for the rest (spec §9). */
export const MEETING_DESCRIPTION_PREVIEW = 70;

export const meetingSchema = z.object({
  scheduleDate: z.string().min(1, { error: meetingMessages.dateRequired }),
  from: z.string().min(1, { error: meetingMessages.fromRequired }),
  to: z.string().min(1, { error: meetingMessages.toRequired }),
  description: z.string().trim().max(MEETING_DESCRIPTION_MAX, { error: meetingMessages.descriptionMax }),
  title: z.string().trim().max(MEETING_TITLE_MAX, { error: meetingMessages.titleMax }),
  place: z.string().trim().max(MEETING_PLACE_MAX, { error: meetingMessages.placeMax }),
  attendees: z.array(z.string()),
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
export function meetingListKey({ filter, page, startScheduleDate, endScheduleDate }: MeetingQuery, today = todayIso()) {
  const paging = { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  if (filter === 'all') {
    return apiKey('/meeting/all', { query: { ...paging, startScheduleDate: startScheduleDate || undefined, endScheduleDate: endScheduleDate || undefined } });
  }
  return apiKey('/meeting/get', { query: { todayScheduledDate: today, isToday: filter === 'today', ...paging } });
}

/** The meetings of one page; nothing is asked for while signed out, so the list stays empty (spec §6). */
export function useMeetings(query: MeetingQuery) {
  const { signedIn } = useSession();
  return useApi(signedIn && meetingListKey(query), { keepPreviousData: true });
}

/** Every cached meeting list (this screen's and the Daily Agenda's) is asked for again after a change. */
export const isMeetingKey = (key: unknown) => keyUnder(key, '/meeting/');

function useRevalidateMeetings() {
  const { mutate } = useSWRConfig();
  return () => mutate(isMeetingKey);
}

interface SaveArg {
  id?: string;
  values: MeetingValues;
  /** The meeting as shown when the edit began (a queued edit checks the server still has it). */
  base?: Meeting;
}

const meetingLabel = (body: { scheduleDate: string; from: string }) => `${body.scheduleDate} ${body.from}`;

/** The body of the schedule and edit calls. */
export const toMeetingBody = (values: MeetingValues): Schemas['MeetingCreate'] => ({
  from: values.from,
  to: values.to,
  scheduleDate: values.scheduleDate,
  description: values.description.trim(),
  title: values.title.trim(),
  place: values.place.trim(),
  attendees: values.attendees,
});

/** Schedules a meeting (no id) or updates one, then refreshes every meeting list; queued without a connection. */
export function useSaveMeeting() {
  const revalidate = useRevalidateMeetings();
  return useSWRMutation<WriteOutcome<Meeting>, Error, string, SaveArg>('meeting:save', async (_key, { arg: { id, values, base } }) => {
    const body = toMeetingBody(values);
    const outcome = await sendOrQueue(
      id
        ? {
            kind: 'meeting',
            action: 'edit',
            request: apiWrite.put('/meeting/edit/{id}', { params: { id }, body }),
            recordId: id,
            base,
            label: t('meetings.queue.edit', { when: meetingLabel(body) }),
          }
        : { kind: 'meeting', action: 'add', request: apiWrite.post('/meeting/add', { body }), label: t('meetings.queue.add', { when: meetingLabel(body) }) },
    );
    if (!outcome.queued) void revalidate();
    return outcome;
  });
}

export function useDeleteMeeting() {
  const revalidate = useRevalidateMeetings();
  return useSWRMutation<WriteOutcome<Schemas['Deleted']>, Error, string, Meeting>('meeting:delete', async (_key, { arg: meeting }) => {
    const outcome = await sendOrQueue({
      kind: 'meeting',
      action: 'delete',
      request: apiWrite.del('/meeting/delete/{id}', { params: { id: meeting._id } }),
      recordId: meeting._id,
      label: t('meetings.queue.delete', { when: meetingLabel(meeting) }),
    });
    if (!outcome.queued) void revalidate();
    return outcome;
  });
}

/** Whether the signed-in person organizes the meeting (meetings stored before attendees have no organizer: theirs). */
export function organizes(meeting: Pick<Meeting, 'userId' | 'organizerId'>): boolean {
  return !meeting.organizerId || meeting.organizerId === meeting.userId;
}

/** The signed-in person's own answer to a meeting they attend. */
export function myAnswer(meeting: Pick<Meeting, 'userId' | 'attendees'>): Attendee['answer'] | undefined {
  return meeting.attendees?.find((attendee) => attendee.userId === meeting.userId)?.answer;
}

/** The teammates a meeting can invite, by name. */
export function useInvitees(enabled = true) {
  const { signedIn } = useSession();
  return useApi(signedIn && enabled && apiKey('/meeting/people'));
}

/** An attendee answers yes or no; every list shows the answer after. */
export function useRespondMeeting() {
  const revalidate = useRevalidateMeetings();
  return useSWRMutation<Meeting, Error, string, { id: string; answer: 'yes' | 'no' }>('meeting:respond', async (_key, { arg }) => {
    const meeting = await api.post('/meeting/respond/{id}', { params: { id: arg.id }, body: { answer: arg.answer } });
    void revalidate();
    return meeting;
  });
}

/** An attendee leaves a meeting: it goes from their lists. */
export function useLeaveMeeting() {
  const revalidate = useRevalidateMeetings();
  return useSWRMutation<Schemas['Deleted'], Error, string, string>('meeting:leave', async (_key, { arg: id }) => {
    const left = await api.post('/meeting/leave/{id}', { params: { id } });
    void revalidate();
    return left;
  });
}

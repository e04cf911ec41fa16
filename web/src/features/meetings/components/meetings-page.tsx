import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirmDelete } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { PAGE_SIZE } from '@/config/constants';
import { cn } from '@/lib/cn';
import { PendingActions, PendingBadge, PendingMessage } from '@/components/offline/pending-mark';
import { formatDate, formatTime, todayIso, truncate } from '@/lib/format';
import { withPending, type Pending } from '@/lib/offline/pending';
import type { QueuedWrite } from '@/lib/offline/queue';
import { useQueuedWrites } from '@/lib/offline/write';
import { useAlert } from '@/components/ui/alert-dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-error';
import {
  MEETING_DESCRIPTION_PREVIEW,
  meetingMessages,
  myAnswer,
  organizes,
  useDeleteMeeting,
  useLeaveMeeting,
  useMeetings,
  useRespondMeeting,
  type Attendee,
  type Meeting,
  type MeetingFilter,
} from '../api/meetings';
import { MeetingFormDialog } from './meeting-form-dialog';
import { ViewAllTextDialog } from './view-all-text-dialog';

const filters: { value: MeetingFilter; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'all', label: 'All' },
];

type FormState = { mode: 'schedule' } | { mode: 'edit'; meeting: Meeting } | null;

/** A meeting scheduled offline, as the list shows it until it is sent. */
function queuedMeeting(item: QueuedWrite): Meeting {
  const { attendees: _ids, ...body } = item.body as Pick<Meeting, 'from' | 'to' | 'scheduleDate' | 'description' | 'title' | 'place'> & {
    attendees?: string[];
  };
  // The body names attendees by id only; their names and answers come with the saved meeting.
  return { ...body, attendees: [], _id: '', createdAt: item.queuedAt, updatedAt: item.queuedAt, userId: item.userId };
}

/** Whether a meeting scheduled offline belongs on the page shown (adds head the first page). */
function inView(filter: MeetingFilter, page: number, range: { start: string; end: string }, scheduleDate: string): boolean {
  if (page !== 1) return false;
  const today = todayIso();
  if (filter === 'today') return scheduleDate === today;
  if (filter === 'upcoming') return scheduleDate > today;
  return (!range.start || scheduleDate >= range.start) && (!range.end || scheduleDate <= range.end);
}

export function MeetingsPage() {
  const [filter, setFilter] = useState<MeetingFilter>('today');
  const [page, setPage] = useState(1);
  const [range, setRange] = useState({ start: '', end: '' });
  const [form, setForm] = useState<FormState>(null);
  const [viewAll, setViewAll] = useState<string | null>(null);
  const filterLabelId = useId();

  const { data, error, isLoading, mutate } = useMeetings({ filter, page, startScheduleDate: range.start, endScheduleDate: range.end });
  const queued = useQueuedWrites('meeting');
  const meetings = withPending(data?.meetings ?? [], queued, (item) => {
    const meeting = queuedMeeting(item);
    return inView(filter, page, range, meeting.scheduleDate) ? meeting : undefined;
  });
  const total = data?.totalCount ?? 0;

  // A delete can leave the last page empty: step back to the page that still exists.
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    if (data && page > pageCount) setPage(pageCount);
  }, [data, page, pageCount]);

  const choose = (value: MeetingFilter) => {
    setFilter(value);
    setPage(1);
  };

  return (
    // Room at the bottom so the chat launcher never covers the last row or the pagination.
    <div className="mx-auto max-w-4xl pb-20">
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Meetings</h2>
            {data && data.allCount > 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {data.allCount} {data.allCount === 1 ? 'meeting' : 'meetings'} in all
              </p>
            )}
          </div>
          <Button onClick={() => setForm({ mode: 'schedule' })}>Schedule Meeting</Button>
        </div>

        <div className="flex flex-wrap items-end gap-3">
          <div role="group" aria-labelledby={filterLabelId} className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            <span id={filterLabelId} className="visually-hidden">
              Show meetings
            </span>
            {filters.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={filter === option.value}
                onClick={() => choose(option.value)}
                className={cn(
                  'min-h-11 min-w-20 rounded-md px-3 text-sm font-semibold transition-colors',
                  filter === option.value
                    ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-500'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
          {filter === 'all' && (
            <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
              <DateField
                strict
                label="From"
                value={range.start}
                max={range.end || undefined}
                onChange={(value) => {
                  setRange((current) => ({ ...current, start: value }));
                  setPage(1);
                }}
              />
              <DateField
                strict
                label="To"
                value={range.end}
                min={range.start || undefined}
                onChange={(value) => {
                  setRange((current) => ({ ...current, end: value }));
                  setPage(1);
                }}
              />
            </div>
          )}
        </div>

        {error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300">
            Could not load meetings.
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              Try again
            </Button>
          </div>
        ) : isLoading && !data && meetings.length === 0 ? (
          <Spinner label="Loading meetings" />
        ) : meetings.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{meetingMessages.empty[filter]}</p>
        ) : (
          <ul aria-label="Meetings" className="@container divide-y divide-slate-200 dark:divide-slate-800">
            {meetings.map((meeting) => (
              <MeetingRow
                key={meeting._id}
                meeting={meeting}
                onEdit={() => setForm({ mode: 'edit', meeting })}
                onViewAll={() => setViewAll(meeting.description)}
              />
            ))}
          </ul>
        )}

        <Pagination total={total} page={page} onPageChange={setPage} />

        {form && <MeetingFormDialog meeting={form.mode === 'edit' ? form.meeting : undefined} onClose={() => setForm(null)} />}
        {viewAll !== null && <ViewAllTextDialog title="Description" text={viewAll} onClose={() => setViewAll(null)} />}
      </Card>
    </div>
  );
}

interface MeetingRowProps {
  meeting: Pending<Meeting>;
  onEdit: () => void;
  onViewAll: () => void;
}

const answerLabels: Record<Attendee['answer'], string> = { pending: 'not answered', yes: 'yes', no: 'no' };

/** A place that is a web address is a link (a video call); anything else is text. */
function Place({ place }: { place: string }) {
  const isLink = /^https?:\/\/\S+$/i.test(place);
  return (
    <p className="mt-0.5 text-sm break-words text-slate-700 dark:text-slate-300">
      <span className="text-slate-500 dark:text-slate-400">Where: </span>
      {isLink ? (
        <a href={place} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline dark:text-brand-400">
          {place}
        </a>
      ) : (
        place
      )}
    </p>
  );
}

/** The organizer and each attendee with their answer. */
function People({ meeting }: { meeting: Meeting }) {
  const attendees = meeting.attendees ?? [];
  if (attendees.length === 0) return null;
  const organizer = organizes(meeting) ? 'You' : meeting.organizerName || 'Someone';
  return (
    <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
      Organized by {organizer}. Attendees:{' '}
      {attendees.map((attendee, index) => (
        <span key={attendee.userId}>
          {index > 0 && ', '}
          {attendee.userId === meeting.userId ? 'You' : attendee.name} ({answerLabels[attendee.answer]})
        </span>
      ))}
    </p>
  );
}

/** An attendee's Yes / No and Leave. */
function AttendeeActions({ meeting, when }: { meeting: Meeting; when: string }) {
  const toast = useToast();
  const alert = useAlert();
  const respond = useRespondMeeting();
  const leave = useLeaveMeeting();
  const answer = myAnswer(meeting);
  const fail = (error: unknown) =>
    toast.show({ title: meetingMessages.failedTitle, message: error instanceof ApiError ? error.message : 'Could not send your answer.', variant: 'error' });
  const say = (value: 'yes' | 'no') => respond.trigger({ id: meeting._id, answer: value }).catch(fail);
  return (
    <div className="flex shrink-0 flex-wrap gap-2" role="group" aria-label={`Your answer to the meeting of ${when}`}>
      <Button
        variant={answer === 'yes' ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={answer === 'yes'}
        disabled={respond.isMutating}
        onClick={() => void say('yes')}
      >
        Yes
      </Button>
      <Button
        variant={answer === 'no' ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={answer === 'no'}
        disabled={respond.isMutating}
        onClick={() => void say('no')}
      >
        No
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={leave.isMutating}
        onClick={async () => {
          const confirmed = await alert({
            icon: 'warning',
            title: 'Leave this meeting?',
            text: 'It goes from your lists, and the organizer sees you no longer attend.',
            confirmText: 'Leave',
            cancelText: 'Stay',
          });
          if (!confirmed) return;
          try {
            await leave.trigger(meeting._id);
            toast.show({ message: 'You left the meeting.', variant: 'success' });
          } catch (error) {
            fail(error);
          }
        }}
      >
        Leave
      </Button>
    </div>
  );
}

function MeetingRow({ meeting, onEdit, onViewAll }: MeetingRowProps) {
  const confirmDelete = useConfirmDelete();
  const { trigger } = useDeleteMeeting();
  const description = truncate(meeting.description, MEETING_DESCRIPTION_PREVIEW);
  const when = `${formatDate(meeting.scheduleDate)}, ${formatTime(meeting.from)} – ${formatTime(meeting.to)}`;
  const mine = organizes(meeting);
  // The row follows the list's width (narrow beside the docked chat on a tablet), not the screen's.
  return (
    <li className="flex flex-col gap-2 py-3 @lg:flex-row @lg:items-center @lg:gap-4" aria-label={when}>
      <div className="min-w-0 flex-1">
        {meeting.title && <p className="font-semibold break-words">{meeting.title}</p>}
        <p className={cn('text-sm', meeting.title ? 'text-slate-700 dark:text-slate-300' : 'font-semibold')}>
          <time dateTime={meeting.scheduleDate}>{formatDate(meeting.scheduleDate)}</time>
          <span className="mx-1.5 text-slate-400" aria-hidden="true">
            ·
          </span>
          {formatTime(meeting.from)} – {formatTime(meeting.to)}
        </p>
        {meeting.description && (
          <p className="mt-0.5 text-sm break-words text-slate-700 dark:text-slate-300">
            {description.text}{' '}
            {description.truncated && (
              <Button variant="link" className="px-1 align-middle" onClick={onViewAll}>
                View All
              </Button>
            )}
          </p>
        )}
        {meeting.place && <Place place={meeting.place} />}
        <People meeting={meeting} />
        {meeting.pending && (
          <>
            <PendingBadge item={meeting.pending} className="mt-1" />
            <PendingMessage item={meeting.pending} />
          </>
        )}
      </div>
      {meeting.pending ? (
        <PendingActions item={meeting.pending} name={`the meeting of ${when}`} />
      ) : !mine ? (
        <AttendeeActions meeting={meeting} when={when} />
      ) : (
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="secondary" size="sm" className="text-red-700 dark:text-red-300" onClick={() => void confirmDelete(() => trigger(meeting))}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

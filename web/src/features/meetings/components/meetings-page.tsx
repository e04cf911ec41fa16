import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
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
import { AnswerFromLink } from './answer-from-link';

const filters: MeetingFilter[] = ['today', 'upcoming', 'all'];

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
  const { t } = useTranslation();
  // An invitation's link (`?meeting=<id>`) opens the coming meetings, where the invitation is with its Yes and No.
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<MeetingFilter>(params.get('meeting') ? 'upcoming' : 'today');
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
      <AnswerFromLink />
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{t('meetings.page.title')}</h2>
            {data && data.allCount > 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('meetings.page.count', { count: data.allCount })}</p>}
          </div>
          <Button onClick={() => setForm({ mode: 'schedule' })}>{t('meetings.page.schedule')}</Button>
        </div>

        <div className="flex flex-wrap items-end gap-3">
          <div role="group" aria-labelledby={filterLabelId} className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            <span id={filterLabelId} className="visually-hidden">
              {t('meetings.page.show')}
            </span>
            {filters.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={filter === option}
                onClick={() => choose(option)}
                className={cn(
                  'min-h-11 min-w-20 rounded-md px-3 text-sm font-semibold transition-colors',
                  filter === option
                    ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-500'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {t(`meetings.filters.${option}`)}
              </button>
            ))}
          </div>
          {filter === 'all' && (
            <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
              <DateField
                strict
                label={t('meetings.page.from')}
                value={range.start}
                max={range.end || undefined}
                onChange={(value) => {
                  setRange((current) => ({ ...current, start: value }));
                  setPage(1);
                }}
              />
              <DateField
                strict
                label={t('meetings.page.to')}
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
            {t('meetings.page.loadError')}
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : isLoading && !data && meetings.length === 0 ? (
          <Spinner label={t('meetings.page.loading')} />
        ) : meetings.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{meetingMessages.empty[filter]()}</p>
        ) : (
          <ul aria-label={t('meetings.page.title')} className="@container divide-y divide-slate-200 dark:divide-slate-800">
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
        {viewAll !== null && <ViewAllTextDialog title={t('meetings.form.description')} text={viewAll} onClose={() => setViewAll(null)} />}
      </Card>
    </div>
  );
}

interface MeetingRowProps {
  meeting: Pending<Meeting>;
  onEdit: () => void;
  onViewAll: () => void;
}

const answerKeys: Record<Attendee['answer'], string> = {
  pending: 'meetings.answers.pending',
  yes: 'meetings.answers.yes',
  no: 'meetings.answers.no',
};

/** A place that is a web address is a link (a video call); anything else is text. */
function Place({ place }: { place: string }) {
  const { t } = useTranslation();
  const isLink = /^https?:\/\/\S+$/i.test(place);
  return (
    <p className="mt-0.5 text-sm break-words text-slate-700 dark:text-slate-300">
      <span className="text-slate-500 dark:text-slate-400">{t('meetings.row.where')}</span>{' '}
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
  const { t } = useTranslation();
  const attendees = meeting.attendees ?? [];
  if (attendees.length === 0) return null;
  const organizedBy = organizes(meeting)
    ? t('meetings.row.organizedByYou')
    : t('meetings.row.organizedBy', { name: meeting.organizerName || t('meetings.row.someone') });
  return (
    <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
      {organizedBy}{' '}
      {attendees.map((attendee, index) => {
        const answer = t(answerKeys[attendee.answer]);
        return (
          <span key={attendee.userId}>
            {index > 0 && ', '}
            {attendee.userId === meeting.userId ? t('meetings.row.attendeeYou', { answer }) : t('meetings.row.attendee', { name: attendee.name, answer })}
          </span>
        );
      })}
    </p>
  );
}

/** An attendee's Yes / No and Leave. */
function AttendeeActions({ meeting, when }: { meeting: Meeting; when: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const alert = useAlert();
  const respond = useRespondMeeting();
  const leave = useLeaveMeeting();
  const answer = myAnswer(meeting);
  const fail = (error: unknown) =>
    toast.show({ title: meetingMessages.failedTitle(), message: error instanceof ApiError ? error.message : t('meetings.answer.failed'), variant: 'error' });
  const say = (value: 'yes' | 'no') => respond.trigger({ id: meeting._id, answer: value }).catch(fail);
  return (
    <div className="flex shrink-0 flex-wrap gap-2" role="group" aria-label={t('meetings.answer.label', { when })}>
      <Button
        variant={answer === 'yes' ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={answer === 'yes'}
        disabled={respond.isMutating}
        onClick={() => void say('yes')}
      >
        {t('common.yes')}
      </Button>
      <Button
        variant={answer === 'no' ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={answer === 'no'}
        disabled={respond.isMutating}
        onClick={() => void say('no')}
      >
        {t('common.no')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={leave.isMutating}
        onClick={async () => {
          const confirmed = await alert({
            icon: 'warning',
            title: t('meetings.leave.title'),
            text: t('meetings.leave.text'),
            confirmText: t('meetings.leave.confirm'),
            cancelText: t('meetings.leave.cancel'),
          });
          if (!confirmed) return;
          try {
            await leave.trigger(meeting._id);
            toast.show({ message: t('meetings.leave.done'), variant: 'success' });
          } catch (error) {
            fail(error);
          }
        }}
      >
        {t('meetings.leave.confirm')}
      </Button>
    </div>
  );
}

function MeetingRow({ meeting, onEdit, onViewAll }: MeetingRowProps) {
  const { t } = useTranslation();
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
                {t('meetings.row.viewAll')}
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
        <PendingActions item={meeting.pending} name={t('meetings.row.pendingName', { when })} />
      ) : !mine ? (
        <AttendeeActions meeting={meeting} when={when} />
      ) : (
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {t('common.edit')}
          </Button>
          <Button variant="secondary" size="sm" className="text-red-700 dark:text-red-300" onClick={() => void confirmDelete(() => trigger(meeting))}>
            {t('common.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

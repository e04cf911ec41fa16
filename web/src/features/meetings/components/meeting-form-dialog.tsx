import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { Checkbox, Input, Textarea } from '@/components/ui/field';
import { FormDateField, FormTimeField } from '@/components/ui/form-date-time';
import { Modal } from '@/components/ui/modal';
import { todayIso } from '@/lib/format';
import {
  MEETING_DESCRIPTION_MAX,
  MEETING_PLACE_MAX,
  MEETING_TITLE_MAX,
  meetingMessages,
  meetingSchema,
  useInvitees,
  useSaveMeeting,
  type Meeting,
  type MeetingValues,
} from '../api/meetings';

export interface MeetingFormDialogProps {
  /** The meeting to edit; without one the form schedules a new meeting. */
  meeting?: Meeting;
  /** Pre-filled values for a new meeting (e.g. from the assistant's proposal). */
  initial?: Partial<MeetingValues>;
  /** Called with the saved meeting, before the dialog closes. */
  onSaved?: (meeting: Meeting) => void;
  onClose: () => void;
}

const fields = ['from', 'to', 'scheduleDate', 'description', 'title', 'place', 'attendees'] as const;

/** A proposal may leave fields out; those keep the form's defaults. */
function definedOnly(values: Partial<MeetingValues> = {}): Partial<MeetingValues> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));
}

/** The meeting form in its two modes: schedule (no Cancel) and edit (with Cancel), spec §4. */
export function MeetingFormDialog({ meeting, initial, onSaved, onClose }: MeetingFormDialogProps) {
  const { t } = useTranslation();
  const editing = !!meeting;
  const formId = useId();
  const { trigger, isMutating } = useSaveMeeting();
  const attendeesLabelId = useId();
  const { data: invitees } = useInvitees();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MeetingValues>({
    resolver: zodResolver(meetingSchema),
    mode: 'onBlur',
    defaultValues: meeting
      ? {
          scheduleDate: meeting.scheduleDate,
          from: meeting.from,
          to: meeting.to,
          description: meeting.description,
          title: meeting.title ?? '',
          place: meeting.place ?? '',
          attendees: (meeting.attendees ?? []).map((attendee) => attendee.userId),
        }
      : { scheduleDate: todayIso(), from: '', to: '', description: '', title: '', place: '', attendees: [], ...definedOnly(initial) },
  });
  // Teammates who were invited but are no longer in the team still show, so the organizer can take them off.
  const people = [...(invitees ?? []), ...(meeting?.attendees ?? []).filter((attendee) => !invitees?.some((person) => person.userId === attendee.userId))];

  const { submit } = useRecordForm({
    what: 'the meeting',
    fields,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: () => (editing ? meetingMessages.updated() : meetingMessages.added()),
    failure: { show: 'toast', title: meetingMessages.failedTitle(), message: meetingMessages.failed() },
    onSaved,
    onClose,
  });
  const onSubmit = async (values: MeetingValues) => {
    if (!isMutating) await submit(() => trigger({ id: meeting?._id, values, base: meeting }));
  };

  const saveLabel = editing ? t('meetings.form.update') : t('meetings.form.schedule');
  return (
    <Modal
      open
      title={editing ? t('meetings.form.editTitle') : t('meetings.form.scheduleTitle')}
      onClose={onClose}
      footer={
        <>
          {editing && (
            <Button variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" form={formId} disabled={isMutating}>
            {isMutating ? t('meetings.form.saving') : saveLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="space-y-4"
        aria-label={editing ? t('meetings.form.editLabel') : t('meetings.form.scheduleLabel')}
      >
        <Input
          label={t('meetings.form.title')}
          maxLength={MEETING_TITLE_MAX}
          placeholder={t('meetings.form.titlePlaceholder')}
          error={errors.title?.message}
          {...register('title')}
        />
        <FormDateField control={control} name="scheduleDate" label={t('meetings.form.scheduleDate')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTimeField control={control} name="from" label={t('meetings.form.startTime')} />
          <FormTimeField control={control} name="to" label={t('meetings.form.endTime')} />
        </div>
        <Textarea
          label={t('meetings.form.description')}
          rows={4}
          maxLength={MEETING_DESCRIPTION_MAX}
          hint={t('meetings.form.descriptionHint', { max: MEETING_DESCRIPTION_MAX })}
          error={errors.description?.message}
          {...register('description')}
        />
        <Input
          label={t('meetings.form.place')}
          maxLength={MEETING_PLACE_MAX}
          placeholder={t('meetings.form.placePlaceholder')}
          error={errors.place?.message}
          {...register('place')}
        />
        {people.length > 0 && (
          <Controller
            control={control}
            name="attendees"
            render={({ field }) => (
              <fieldset aria-labelledby={attendeesLabelId} aria-describedby={`${attendeesLabelId}-hint`}>
                <legend id={attendeesLabelId} className="text-sm font-medium">
                  {t('meetings.form.attendees')}
                </legend>
                <p id={`${attendeesLabelId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                  {t('meetings.form.attendeesHint')}
                </p>
                <div className="mt-1 grid max-h-48 gap-x-4 overflow-y-auto sm:grid-cols-2">
                  {people.map((person) => (
                    <Checkbox
                      key={person.userId}
                      label={person.name}
                      checked={field.value.includes(person.userId)}
                      onChange={(event) =>
                        field.onChange(event.target.checked ? [...field.value, person.userId] : field.value.filter((id) => id !== person.userId))
                      }
                    />
                  ))}
                </div>
                {errors.attendees?.message && (
                  <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                    {errors.attendees.message}
                  </p>
                )}
              </fieldset>
            )}
          />
        )}
      </form>
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { FormDialog } from '@/components/forms/form-dialog';
import { Textarea } from '@/components/ui/field';
import { FormDateField, FormTimeField } from '@/components/ui/form-date-time';
import { todayIso } from '@/lib/format';
import { MAX_PERIOD_NOTE, periodSchema, type PeriodFormValues } from '../api/period-schema';
import { useRevalidateWork, type WorkPeriod } from '../api/work';
import { savePeriod } from '../api/work-writes';

const FIELDS = ['date', 'start', 'end', 'note'] as const;

export interface PeriodFormDialogProps {
  /** The period being edited; without it the dialog adds one on `date`. */
  editing?: WorkPeriod;
  date: string;
  /** The member an approver acts for. */
  userId?: string;
  onClose: () => void;
}

/** Add or edit a work period of a past day, with the note every manual change needs. */
export function PeriodFormDialog({ editing, date, userId, onClose }: PeriodFormDialogProps) {
  const { t } = useTranslation();
  const revalidate = useRevalidateWork();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PeriodFormValues>({
    resolver: zodResolver(periodSchema),
    mode: 'onBlur',
    defaultValues: { date: editing?.date ?? date, start: editing?.start ?? '', end: editing?.end ?? '', note: '' },
  });
  const { submit, formError } = useRecordForm({
    what: 'the work period',
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: () => (editing ? t('work.period.updated') : t('work.period.added')),
    failure: { show: 'inline', fallback: t('work.period.saveFailed') },
    onSaved: () => void revalidate(),
    onClose,
  });
  const onSubmit = (values: PeriodFormValues) => submit(() => sentNow(savePeriod(values, editing?._id, userId)));

  return (
    <FormDialog
      title={editing ? t('work.period.editTitle') : t('work.period.addTitle')}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      error={formError}
      saving={isSubmitting}
      saveLabel={t('work.period.save')}
      savingLabel={t('work.period.saving')}
    >
      <FormDateField control={control} name="date" label={t('work.fields.date')} max={todayIso()} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTimeField control={control} name="start" label={t('work.fields.start')} />
        <FormTimeField control={control} name="end" label={t('work.fields.end')} hint={t('work.period.nextDayHint')} />
      </div>
      <Textarea
        label={t('work.fields.note')}
        rows={3}
        maxLength={MAX_PERIOD_NOTE}
        hint={t('work.period.noteHint')}
        error={errors.note?.message}
        required
        className="min-h-24"
        {...register('note')}
      />
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRecordForm } from '@/components/forms/record-form';
import { FormDialog } from '@/components/forms/form-dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormDateField, FormTimeField } from '@/components/ui/form-date-time';
import { Select } from '@/components/ui/select';
import { todayIso } from '@/lib/format';
import { addDaysIso } from '@/lib/iso-date';
import { breakDurationError, breakSchema, MAX_BREAK_REASON, toBreakFields, type BreakFormValues } from '../api/break-schema';
import { useBreakTypes, useSaveBreak, type Break } from '../api/breaks';
import { breakMinutes, endsNextDay, formatMinutes } from '../utils/time';
import { breakTypeOptions } from '../utils/break-type-label';

export interface BreakFormDialogProps {
  /** The break being edited; without it the dialog adds one. */
  editing?: Break;
  /** Starting values for a new break (e.g. proposed by the assistant). */
  prefill?: Partial<BreakFormValues>;
  onClose: () => void;
  onSaved?: (saved: Break) => void;
}

const FIELDS = ['type', 'createdDate', 'startTime', 'endTime', 'reason'] as const;

function initialValues(editing?: Break, prefill?: Partial<BreakFormValues>): BreakFormValues {
  const source = editing ?? prefill ?? {};
  return {
    type: source.type ?? '',
    createdDate: source.createdDate || todayIso(),
    startTime: source.startTime ?? '',
    endTime: source.endTime ?? '',
    reason: source.reason ?? '',
  };
}

/** Add or edit a break: 12-hour times, the duration computed and read-only, the rules of spec §5. */
export function BreakFormDialog({ editing, prefill, onClose, onSaved }: BreakFormDialogProps) {
  const { t } = useTranslation();
  const { types } = useBreakTypes();
  const { trigger, isMutating } = useSaveBreak();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<BreakFormValues>({
    resolver: zodResolver(breakSchema),
    mode: 'onBlur',
    defaultValues: initialValues(editing, prefill),
  });

  const [startTime, endTime, type] = watch(['startTime', 'endTime', 'type']);
  const minutes = breakMinutes(startTime, endTime);
  const durationError = breakDurationError(startTime, endTime);
  const typeOptions = type && !types.includes(type) ? [...types, type] : types;

  const { submit, formError } = useRecordForm({
    what: 'the break',
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: () => (editing ? t('breaks.form.updated') : t('breaks.form.added')),
    failure: { show: 'inline', fallback: t('breaks.form.saveFailed') },
    onSaved,
    onClose,
  });
  const onSubmit = (values: BreakFormValues) => submit(() => trigger({ id: editing?._id, fields: toBreakFields(values), base: editing }));

  return (
    <FormDialog
      title={editing ? t('breaks.form.editTitle') : t('breaks.form.addTitle')}
      label={editing ? t('breaks.form.editLabel') : t('breaks.form.addLabel')}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      error={formError}
      saving={isMutating}
      saveLabel={editing ? t('breaks.form.saveChanges') : t('breaks.addBreak')}
      savingLabel={t('breaks.form.saving')}
    >
      <Select
        label={t('breaks.form.type')}
        placeholder={t('breaks.form.typePlaceholder')}
        options={breakTypeOptions(typeOptions)}
        error={errors.type?.message}
        {...register('type')}
      />
      <FormDateField control={control} name="createdDate" label={t('breaks.fields.date')} max={addDaysIso(todayIso(), 1)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTimeField control={control} name="startTime" label={t('breaks.fields.startTime')} />
        <FormTimeField control={control} name="endTime" label={t('breaks.fields.endTime')} />
      </div>
      <Input
        label={t('breaks.form.durationMinutes')}
        readOnly
        tabIndex={-1}
        value={minutes === undefined ? '' : String(minutes)}
        placeholder={t('breaks.form.durationPlaceholder')}
        hint={
          minutes !== undefined && !durationError
            ? endsNextDay(startTime, endTime)
              ? t('breaks.form.durationNextDay', { duration: formatMinutes(minutes) })
              : formatMinutes(minutes)
            : undefined
        }
        error={durationError}
        className="bg-slate-50 dark:bg-slate-800"
      />
      <Textarea
        label={t('breaks.fields.reason')}
        rows={3}
        maxLength={MAX_BREAK_REASON}
        hint={t('breaks.form.reasonHint', { max: MAX_BREAK_REASON })}
        error={errors.reason?.message}
        className="min-h-24"
        {...register('reason')}
      />
    </FormDialog>
  );
}

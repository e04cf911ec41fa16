import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRecordForm } from '@/components/forms/record-form';
import { FormDialog } from '@/components/forms/form-dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormDateField } from '@/components/ui/form-date-time';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { t as translate } from '@/lib/i18n';
import { isIsoDate } from '@/lib/iso-date';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLeavePreview, type LeavePreview, type PreviewQuery } from '../api/balances';
import { isOneDay, leaveSchema, MAX_LEAVE_DAYS, MAX_LEAVE_REASON, toLeaveFields, type LeaveFormValues } from '../api/leave-schema';
import { useLeaveTypes, type LeaveType } from '../api/leave-types';
import { useSaveLeave, type Leave } from '../api/leaves';
import type { HalfDay } from '../api/types';
import { formatDayCount, formatDays, formatWorkingDays, halfDayLabel, leaveDays } from '../utils/days';
import { leaveTypeName } from '../utils/type-name';

export interface LeaveFormDialogProps {
  /** The leave being edited; without it the dialog adds one. */
  editing?: Leave;
  /** Starting values for a new leave (e.g. proposed by the assistant). */
  prefill?: Partial<LeaveFormValues>;
  onClose: () => void;
  onSaved?: (saved: Leave) => void;
}

const FIELDS = ['typeId', 'fromDate', 'toDate', 'reason', 'halfDay'] as const;

/** How long the dates and the half day must stay unchanged before the preview is asked for. */
export const PREVIEW_DELAY_MS = 300;

/** The half-day choices of a one-day leave: the whole day, the morning or the afternoon. */
const halfDayChoices = (): { value: '' | HalfDay; label: string }[] => [
  { value: '', label: translate('leaves.form.wholeDay') },
  { value: 'am', label: halfDayLabel('am') },
  { value: 'pm', label: halfDayLabel('pm') },
];

/** What sending the leave does for this person, as the server works it out. */
export const approvalOutcome = (approval: NonNullable<LeavePreview['approval']>): string => translate(`leaves.preview.approval.${approval}`);

/**
 * The preview's line: 'Counts 3 working days · Balance after: 19.5 days', or '... · does not count against your
 * allowance'; the year is named when it is not this one. Then what sending it does.
 */
export function describePreview(preview: LeavePreview, thisYear: number): string {
  const working = formatWorkingDays(preview.workingDays);
  const line = !preview.countsAgainstAllowance
    ? translate('leaves.preview.notCounted', { working })
    : preview.remainingAfter === undefined || preview.remainingAfter === null
      ? translate('leaves.preview.counted', { working })
      : preview.year === thisYear
        ? translate('leaves.preview.balanceAfter', { working, balance: formatDayCount(preview.remainingAfter) })
        : translate('leaves.preview.balanceAfterIn', { working, balance: formatDayCount(preview.remainingAfter), year: preview.year });
  return preview.approval ? `${line} ${approvalOutcome(preview.approval)}` : line;
}

/** The leave as the preview call takes it, written as a string so it can be debounced; '' without two valid dates. */
function previewKey(fromDate: string, toDate: string, halfDay: string, typeId: string, exclude?: string): string {
  const from = fromDate.trim();
  const to = toDate.trim();
  const days = leaveDays(from, to);
  if (days === undefined || days > MAX_LEAVE_DAYS) return '';
  const query: PreviewQuery = { fromDate: from, toDate: to };
  if (from === to && (halfDay === 'am' || halfDay === 'pm')) query.halfDay = halfDay;
  if (typeId) query.typeId = typeId;
  if (exclude) query.exclude = exclude;
  return JSON.stringify(query);
}

/** What the leave would take, asked once the fields settle; nothing while they are incomplete or when the call fails. */
function PreviewLine({ query }: { query: string }) {
  useTranslation();
  const settled = useDebouncedValue(query, PREVIEW_DELAY_MS);
  const { data, error } = useLeavePreview(query && settled ? (JSON.parse(settled) as PreviewQuery) : null);
  const shown = query && data && !error ? data : undefined;
  const overdrawn = shown?.countsAgainstAllowance && (shown.remainingAfter ?? 0) < 0;
  return (
    <p aria-live="polite" className="min-h-5 text-sm">
      {shown && (
        <span className={overdrawn ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300'}>
          {describePreview(shown, new Date().getFullYear())}
        </span>
      )}
    </p>
  );
}

/** What choosing a type means for the request, under the select. */
export function describeLeaveType(type: LeaveType): string {
  const key = `${type.needsApproval ? 'needs' : 'free'}${type.paid ? 'Paid' : 'Unpaid'}${type.countsAgainstAllowance ? 'Counted' : ''}`;
  return translate(`leaves.form.typeHint.${key}`);
}

/** Add (or edit) a leave: its type, from and to dates, the days counted inclusively, a reason. */
export function LeaveFormDialog({ editing, prefill, onClose, onSaved }: LeaveFormDialogProps) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useSaveLeave();
  const leaveTypes = useLeaveTypes();
  const source = editing ?? prefill ?? {};
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    getValues,
    setValue,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<LeaveFormValues>({
    resolver: zodResolver(leaveSchema),
    mode: 'onBlur',
    defaultValues: {
      fromDate: source.fromDate ?? '',
      toDate: source.toDate ?? '',
      reason: source.reason ?? '',
      typeId: source.typeId ?? leaveTypes.defaultType?._id ?? '',
      halfDay: source.halfDay ?? '',
    },
  });
  const [fromDate, toDate, typeId, halfDay] = watch(['fromDate', 'toDate', 'typeId', 'halfDay']);
  const oneDay = isOneDay(fromDate, toDate);

  // A half day is a single day: a longer range is a whole-day leave again.
  useEffect(() => {
    if (!oneDay && getValues('halfDay')) setValue('halfDay', '');
  }, [oneDay, getValues, setValue]);

  // The types may arrive after the dialog opened: a new leave then starts on the team's default type.
  const defaultTypeId = leaveTypes.defaultType?._id;
  useEffect(() => {
    if (defaultTypeId && !getValues('typeId')) setValue('typeId', defaultTypeId);
  }, [defaultTypeId, getValues, setValue]);

  // The types a leave may take; an edited leave keeps its own even when it has been archived since.
  const own = editing ? leaveTypes.byId.get(editing.typeId) : undefined;
  const typeChoices = own?.archived ? [...leaveTypes.active, own] : leaveTypes.active;
  const typeOptions = typeChoices.map((type) => ({
    value: type._id,
    label: type.archived ? t('leaves.form.archivedType', { name: leaveTypeName(type.name) }) : leaveTypeName(type.name),
  }));
  const chosenType = typeId ? leaveTypes.byId.get(typeId) : undefined;
  const days = leaveDays(fromDate, toDate);
  const missingDates = (!fromDate || !toDate) && (touchedFields.fromDate || touchedFields.toDate || isSubmitted || !!fromDate || !!toDate);

  const { submit } = useRecordForm({
    what: 'the leave',
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: (saved: Leave) => (editing ? t('leaves.form.updated') : saved.status === 'pending' ? t('leaves.form.requested') : t('leaves.form.added')),
    queuedNote: t('leaves.list.workedOutOnSync'),
    failure: { show: 'toast', title: t('leaves.errorTitle'), message: (error) => errorMessage(error, t('leaves.form.saveFailed')) },
    onSaved,
    onClose,
  });
  const onSubmit = (values: LeaveFormValues) => submit(() => trigger({ id: editing?._id, fields: toLeaveFields(values), base: editing }));

  return (
    <FormDialog
      title={editing ? t('leaves.form.editTitle') : t('leaves.form.addTitle')}
      label={editing ? t('leaves.form.editLabel') : t('leaves.form.addLabel')}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      saving={isMutating}
      saveLabel={editing ? t('leaves.form.saveChanges') : t('leaves.form.addLeave')}
      savingLabel={t('leaves.form.saving')}
    >
      {typeOptions.length > 0 ? (
        <Select
          label={t('leaves.form.type')}
          options={typeOptions}
          hint={chosenType ? describeLeaveType(chosenType) : undefined}
          error={errors.typeId?.message}
          {...register('typeId')}
        />
      ) : leaveTypes.error ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('leaves.form.typesFailed')}</p>
      ) : leaveTypes.isLoading ? (
        <Select label={t('leaves.form.type')} options={[]} placeholder={t('leaves.form.loadingTypes')} disabled value="" onChange={() => undefined} />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormDateField control={control} name="fromDate" label={t('leaves.form.fromDate')} max={isIsoDate(toDate) ? toDate : undefined} />
        <FormDateField control={control} name="toDate" label={t('leaves.form.toDate')} min={isIsoDate(fromDate) ? fromDate : undefined} />
      </div>
      <Input
        label={t('leaves.form.days')}
        readOnly
        tabIndex={-1}
        value={days === undefined ? '' : String(days)}
        placeholder={t('leaves.form.daysPlaceholder')}
        hint={days === undefined ? undefined : t('leaves.form.daysHint', { days: formatDays(days) })}
        className="bg-slate-50 dark:bg-slate-800"
      />
      {oneDay && (
        <fieldset aria-describedby={errors.halfDay ? 'leave-half-day-error' : undefined}>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('leaves.form.halfDay')}</legend>
          <div className="mt-1 grid grid-cols-3 gap-2">
            {halfDayChoices().map((choice) => (
              <label
                key={choice.value || 'whole'}
                className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 px-1 text-center text-sm font-medium whitespace-nowrap text-slate-700 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:font-semibold has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-600/50 dark:border-slate-600 dark:text-slate-200"
              >
                {/* A segmented control: the radio, transparent, covers its label, which shows the choice. */}
                <input type="radio" value={choice.value} className="absolute inset-0 cursor-pointer opacity-0" {...register('halfDay')} />
                {choice.label}
              </label>
            ))}
          </div>
          {errors.halfDay?.message && (
            <p id="leave-half-day-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {errors.halfDay.message}
            </p>
          )}
        </fieldset>
      )}
      {missingDates && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {t('leaves.form.missingDates')}
        </p>
      )}
      <Textarea
        label={t('leaves.form.reason')}
        rows={3}
        maxLength={MAX_LEAVE_REASON}
        error={errors.reason?.message}
        className="min-h-24"
        {...register('reason')}
      />
      <PreviewLine query={previewKey(fromDate, toDate, oneDay ? halfDay : '', typeId, editing?._id)} />
    </FormDialog>
  );
}

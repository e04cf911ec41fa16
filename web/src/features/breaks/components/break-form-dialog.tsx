import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { FormError, Input, Textarea } from '@/components/ui/field';
import { FormDateField, FormTimeField } from '@/components/ui/form-date-time';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { todayIso } from '@/lib/format';
import { addDaysIso } from '@/lib/iso-date';
import { breakSchema, MAX_BREAK_REASON, toBreakFields, type BreakFormValues } from '../api/break-schema';
import { useBreakTypes, useSaveBreak, type Break } from '../api/breaks';
import { breakDurationError, breakMinutes, endsNextDay, formatMinutes } from '../utils/time';

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
    savedMessage: () => (editing ? 'Break updated successfully' : 'Break added successfully'),
    failure: { show: 'inline', fallback: 'The break could not be saved. Please try again.' },
    onSaved,
    onClose,
  });
  const onSubmit = (values: BreakFormValues) => submit(() => trigger({ id: editing?._id, fields: toBreakFields(values), base: editing }));

  return (
    <Modal open title={editing ? 'Edit Break' : 'Add Break'} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={editing ? 'Edit break' : 'Add break'}>
        <Select label="Break type" placeholder="Select a break type" options={typeOptions} error={errors.type?.message} {...register('type')} />
        <FormDateField control={control} name="createdDate" label="Date" max={addDaysIso(todayIso(), 1)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTimeField control={control} name="startTime" label="Start time" />
          <FormTimeField control={control} name="endTime" label="End time" />
        </div>
        <Input
          label="Duration (minutes)"
          readOnly
          tabIndex={-1}
          value={minutes === undefined ? '' : String(minutes)}
          placeholder="Computed from the times"
          hint={
            minutes !== undefined && !durationError ? `${formatMinutes(minutes)}${endsNextDay(startTime, endTime) ? ', ending the next day' : ''}` : undefined
          }
          error={durationError}
          className="bg-slate-50 dark:bg-slate-800"
        />
        <Textarea
          label="Reason"
          rows={3}
          maxLength={MAX_BREAK_REASON}
          hint={`Optional, up to ${MAX_BREAK_REASON} characters.`}
          error={errors.reason?.message}
          className="min-h-24"
          {...register('reason')}
        />
        <FormError>{formError}</FormError>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isMutating}>
            {isMutating ? 'Saving...' : editing ? 'Save changes' : 'Add break'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

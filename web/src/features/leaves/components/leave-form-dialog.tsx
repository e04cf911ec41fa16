import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { isIsoDate } from '@/lib/iso-date';
import { leaveMessages, leaveSchema, MAX_LEAVE_REASON, toLeaveFields, type LeaveFormValues } from '../api/leave-schema';
import { useLeaveTypes, type LeaveType } from '../api/leave-types';
import { useSaveLeave, type Leave } from '../api/leaves';
import { formatDays, leaveDays } from '../utils/days';

export interface LeaveFormDialogProps {
  /** The leave being edited; without it the dialog adds one. */
  editing?: Leave;
  /** Starting values for a new leave (e.g. proposed by the assistant). */
  prefill?: Partial<LeaveFormValues>;
  onClose: () => void;
  onSaved?: (saved: Leave) => void;
}

const FIELDS = ['typeId', 'fromDate', 'toDate', 'reason'] as const;

/** What choosing a type means for the request, under the select. */
export function describeLeaveType(type: LeaveType): string {
  const approval = type.needsApproval ? 'Needs approval by an admin or HR' : 'No approval needed';
  return `${approval}; ${type.paid ? 'paid' : 'unpaid'}${type.countsAgainstAllowance ? ', counts against your allowance' : ''}.`;
}

/** Add (or edit) a leave: its type, from and to dates, the days counted inclusively, a reason. */
export function LeaveFormDialog({ editing, prefill, onClose, onSaved }: LeaveFormDialogProps) {
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { trigger, isMutating } = useSaveLeave();
  const leaveTypes = useLeaveTypes();
  const source = editing ?? prefill ?? {};
  const {
    register,
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
    },
  });
  const [fromDate, toDate, typeId] = watch(['fromDate', 'toDate', 'typeId']);

  // The types may arrive after the dialog opened: a new leave then starts on the team's default type.
  const defaultTypeId = leaveTypes.defaultType?._id;
  useEffect(() => {
    if (defaultTypeId && !getValues('typeId')) setValue('typeId', defaultTypeId);
  }, [defaultTypeId, getValues, setValue]);

  // The types a leave may take; an edited leave keeps its own even when it has been archived since.
  const own = editing ? leaveTypes.byId.get(editing.typeId) : undefined;
  const typeChoices = own?.archived ? [...leaveTypes.active, own] : leaveTypes.active;
  const typeOptions = typeChoices.map((type) => ({ value: type._id, label: type.archived ? `${type.name} (archived)` : type.name }));
  const chosenType = typeId ? leaveTypes.byId.get(typeId) : undefined;
  const days = leaveDays(fromDate, toDate);
  const missingDates = (!fromDate || !toDate) && (touchedFields.fromDate || touchedFields.toDate || isSubmitted || !!fromDate || !!toDate);

  const onSubmit = async (values: LeaveFormValues) => {
    if (!requireAuth()) return;
    try {
      const saved = await trigger({ id: editing?._id, fields: toLeaveFields(values) });
      const message = editing
        ? 'Leave updated successfully'
        : saved?.status === 'pending'
          ? 'Leave requested: waiting for approval'
          : 'Leave added successfully';
      toast.show({ message, variant: 'success', duration: SHORT_TOAST_MS });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      console.error('Saving the leave failed', error);
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      for (const field of FIELDS) if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      toast.show({ title: leaveMessages.saveFailedTitle, message: errorMessage(error, leaveMessages.saveFailed), variant: 'error' });
    }
  };

  return (
    <Modal open title={editing ? 'Edit Leave' : 'Add Leave'} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={editing ? 'Edit leave' : 'Add leave'}>
        {typeOptions.length > 0 ? (
          <Select
            label="Type"
            options={typeOptions}
            hint={chosenType ? describeLeaveType(chosenType) : undefined}
            error={errors.typeId?.message}
            {...register('typeId')}
          />
        ) : leaveTypes.error ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">The leave types could not be loaded: your team&apos;s default type will be used.</p>
        ) : leaveTypes.isLoading ? (
          <Select label="Type" options={[]} placeholder="Loading types..." disabled value="" onChange={() => undefined} />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="From date"
            type="date"
            max={toDate || undefined}
            hint={isIsoDate(fromDate) ? formatDate(fromDate) : undefined}
            error={errors.fromDate?.message}
            {...register('fromDate')}
          />
          <Input
            label="To date"
            type="date"
            min={fromDate || undefined}
            hint={isIsoDate(toDate) ? formatDate(toDate) : undefined}
            error={errors.toDate?.message}
            {...register('toDate')}
          />
        </div>
        <Input
          label="Days"
          readOnly
          tabIndex={-1}
          value={days === undefined ? '' : String(days)}
          placeholder="Counted from the dates"
          hint={days === undefined ? undefined : `${formatDays(days)}, both dates included.`}
          className="bg-slate-50 dark:bg-slate-800"
        />
        {missingDates && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
            {leaveMessages.missingDates}
          </p>
        )}
        <Textarea label="Reason" rows={3} maxLength={MAX_LEAVE_REASON} error={errors.reason?.message} className="min-h-24" {...register('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isMutating}>
            {isMutating ? 'Saving...' : editing ? 'Save changes' : 'Add leave'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

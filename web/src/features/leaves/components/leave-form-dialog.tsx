import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { isIsoDate } from '@/lib/iso-date';
import { leaveMessages, leaveSchema, MAX_LEAVE_REASON, toLeaveFields, type LeaveFormValues } from '../api/leave-schema';
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

const FIELDS = ['fromDate', 'toDate', 'reason'] as const;

/** Add (or edit) a leave: from and to dates, the days counted inclusively, a reason. */
export function LeaveFormDialog({ editing, prefill, onClose, onSaved }: LeaveFormDialogProps) {
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { trigger, isMutating } = useSaveLeave();
  const source = editing ?? prefill ?? {};
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<LeaveFormValues>({
    resolver: zodResolver(leaveSchema),
    mode: 'onBlur',
    defaultValues: { fromDate: source.fromDate ?? '', toDate: source.toDate ?? '', reason: source.reason ?? '' },
  });
  const [fromDate, toDate] = watch(['fromDate', 'toDate']);
  const days = leaveDays(fromDate, toDate);
  const missingDates = (!fromDate || !toDate) && (touchedFields.fromDate || touchedFields.toDate || isSubmitted || !!fromDate || !!toDate);

  const onSubmit = async (values: LeaveFormValues) => {
    if (!requireAuth()) return;
    try {
      const saved = await trigger({ id: editing?._id, fields: toLeaveFields(values) });
      toast.show({ message: editing ? 'Leave updated successfully' : 'Leave added successfully', variant: 'success', duration: SHORT_TOAST_MS });
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

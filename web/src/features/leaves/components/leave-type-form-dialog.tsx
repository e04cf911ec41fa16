import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { Checkbox, FormError, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import {
  leaveTypeFormValues,
  leaveTypeMessages,
  leaveTypeSchema,
  MAX_LEAVE_TYPE_NAME,
  toLeaveTypeBody,
  type LeaveTypeFormValues,
} from '../api/leave-type-schema';
import { useLeaveTypeActions, useLeaveTypes } from '../api/leave-types';
import type { LeaveType } from '../api/types';
import { safeColor } from '../utils/status';
import { ColorDot } from './leave-badges';

export interface LeaveTypeFormDialogProps {
  /** The type being edited; without it the dialog adds one. */
  editing?: LeaveType;
  onClose: () => void;
}

const FIELDS = ['name', 'color'] as const;

/** An admin adds or edits a leave type: name, colour, and whether it is paid, counted and needs approval. */
export function LeaveTypeFormDialog({ editing, onClose }: LeaveTypeFormDialogProps) {
  const { types } = useLeaveTypes();
  const actions = useLeaveTypeActions();
  const otherNames = types.filter((type) => type._id !== editing?._id).map((type) => type.name);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeaveTypeFormValues>({
    resolver: zodResolver(leaveTypeSchema(otherNames)),
    mode: 'onBlur',
    defaultValues: leaveTypeFormValues(editing),
  });
  const color = watch('color');

  const { submit, formError } = useRecordForm({
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: (name: string) => `${name} has been ${editing ? 'updated' : 'added'}.`,
    failure: { show: 'inline', fallback: leaveTypeMessages.saveFailed },
    onClose,
  });
  const onSubmit = async (values: LeaveTypeFormValues) => {
    const body = toLeaveTypeBody(values);
    // The toast names the type as saved (or as typed, should the answer not say).
    await submit(() => sentNow((editing ? actions.update(editing._id, body) : actions.create(body)).then((saved) => saved?.name ?? body.name)));
  };

  return (
    <Modal open title={editing ? 'Edit leave type' : 'Add leave type'} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={editing ? 'Edit leave type' : 'Add leave type'}>
        <Input label="Name" maxLength={MAX_LEAVE_TYPE_NAME} autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <Input
              label="Colour"
              placeholder="#2563eb"
              autoComplete="off"
              spellCheck={false}
              maxLength={7}
              error={errors.color?.message}
              hint={
                <span className="inline-flex items-center gap-1.5">
                  <ColorDot color={color} /> How the type shows in the lists.
                </span>
              }
              {...register('color')}
            />
          </div>
          <label className="mt-6 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-slate-300 dark:border-slate-600">
            <span className="visually-hidden">Pick a colour</span>
            <input
              type="color"
              className="size-8 cursor-pointer rounded border-0 bg-transparent p-0"
              value={safeColor(color)?.toLowerCase() ?? '#000000'}
              onChange={(event) => setValue('color', event.target.value, { shouldValidate: true, shouldDirty: true })}
            />
          </label>
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Rules</legend>
          <p className="text-xs text-slate-600 dark:text-slate-400">A request of a type that needs approval waits for an admin or HR.</p>
          <div className="flex flex-col">
            <Checkbox label="Paid" {...register('paid')} />
            <Checkbox label="Counts against allowance" {...register('countsAgainstAllowance')} />
            <Checkbox label="Needs approval" {...register('needsApproval')} />
          </div>
        </fieldset>
        <FormError>{formError}</FormError>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : editing ? 'Save changes' : 'Add type'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useAllowanceActions } from '../api/balances';
import { allowanceSchema, leaveSettingsMessages, type AllowanceFormValues } from '../api/leave-settings-schema';
import type { Balance } from '../api/types';
import { formatDayCount } from '../utils/days';

export interface AllowanceDialogProps {
  /** The member's row of the shown year. */
  balance: Balance;
  name: string;
  onClose: () => void;
}

/** An admin sets a member's allowance for the year the Balances card shows (`PUT /admin/allowance/{userId}`). */
export function AllowanceDialog({ balance, name, onClose }: AllowanceDialogProps) {
  const { setAllowance } = useAllowanceActions();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AllowanceFormValues>({
    resolver: zodResolver(allowanceSchema),
    mode: 'onBlur',
    defaultValues: { days: String(balance.allowance) },
  });

  const { submit, formError } = useRecordForm({
    fields: ['days'],
    // The year is the card's, not a field of the dialog: its message is the dialog's.
    formFields: ['year'],
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: (days: number) => `${name}'s allowance for ${balance.year} is now ${formatDayCount(days)}.`,
    failure: { show: 'inline', fallback: leaveSettingsMessages.allowanceFailed },
    onClose,
  });
  const onSubmit = async (values: AllowanceFormValues) => {
    const days = Number(values.days.trim());
    await submit(() => sentNow(setAllowance(balance.userId, balance.year, days).then(() => days)));
  };

  return (
    <Modal open size="sm" title={`Allowance of ${name}`} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={`Allowance of ${name}`}>
        <Input
          label={`Allowance for ${balance.year} (days)`}
          inputMode="decimal"
          autoComplete="off"
          hint="Whole or half days; days carried over from last year come on top."
          error={errors.days?.message}
          {...register('days')}
        />
        <FormError>{formError}</FormError>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save allowance'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

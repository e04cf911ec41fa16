import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { FormDialog } from '@/components/forms/form-dialog';
import { Input } from '@/components/ui/field';
import { useAllowanceActions } from '../api/balances';
import { allowanceSchema, type AllowanceFormValues } from '../api/leave-settings-schema';
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
  const { t } = useTranslation();
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
    savedMessage: (days: number) => t('leaves.allowance.saved', { name, year: balance.year, days: formatDayCount(days) }),
    failure: { show: 'inline', fallback: t('leaves.allowance.saveFailed') },
    onClose,
  });
  const onSubmit = async (values: AllowanceFormValues) => {
    const days = Number(values.days.trim());
    await submit(() => sentNow(setAllowance(balance.userId, balance.year, days).then(() => days)));
  };

  return (
    <FormDialog
      size="sm"
      title={t('leaves.allowance.title', { name })}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      error={formError}
      saving={isSubmitting}
      saveLabel={t('leaves.allowance.save')}
      savingLabel={t('leaves.form.saving')}
    >
      <Input
        label={t('leaves.allowance.label', { year: balance.year })}
        inputMode="decimal"
        autoComplete="off"
        hint={t('leaves.allowance.hint')}
        error={errors.days?.message}
        {...register('days')}
      />
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { FormError, Input, Textarea } from '@/components/ui/field';
import { MAX_OVERTIME_NOTE, overtimeSchema, toOvertimeBody, type OvertimeFormValues } from '../api/period-schema';
import { useRevalidateWork } from '../api/work';
import { addAdjustment, setCarryOver } from '../api/work-writes';

const FIELDS = ['minutes', 'note'] as const;

/** One of an approver's balance changes: the carried-over value (once) or an adjustment with its note. */
function OvertimeForm({ userId, kind }: { userId: string; kind: 'carryOver' | 'adjustment' }) {
  const { t } = useTranslation();
  const id = useId();
  const revalidate = useRevalidateWork();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<OvertimeFormValues>({ resolver: zodResolver(overtimeSchema), mode: 'onBlur', defaultValues: { minutes: '', note: '' } });
  const { submit, formError } = useRecordForm({
    what: kind === 'carryOver' ? 'the carried-over balance' : 'the balance adjustment',
    fields: FIELDS,
    formFields: ['userId'],
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: () => (kind === 'carryOver' ? t('work.balance.carryOverSaved') : t('work.balance.adjustmentSaved')),
    failure: { show: 'inline', fallback: t('work.actionFailed') },
    onSaved: () => {
      reset();
      void revalidate();
    },
  });
  const send = (values: OvertimeFormValues) => {
    const body = toOvertimeBody(userId, values);
    return submit(() =>
      sentNow(kind === 'carryOver' ? setCarryOver(body.userId, body.minutes, body.note) : addAdjustment(body.userId, body.minutes, body.note)),
    );
  };
  const title = kind === 'carryOver' ? t('work.balance.carryOverTitle') : t('work.balance.adjustTitle');

  return (
    <form noValidate onSubmit={handleSubmit(send)} className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700" aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <Input
        label={t('work.balance.hours')}
        hint={t('work.balance.hoursHint')}
        inputMode="text"
        autoComplete="off"
        error={errors.minutes?.message}
        required
        {...register('minutes')}
      />
      <Textarea
        label={t('work.fields.note')}
        rows={2}
        maxLength={MAX_OVERTIME_NOTE}
        error={errors.note?.message}
        required
        className="min-h-20"
        {...register('note')}
      />
      <FormError>{formError}</FormError>
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
        {kind === 'carryOver' ? t('work.balance.setCarryOver') : t('work.balance.addAdjustment')}
      </Button>
    </form>
  );
}

/** An approver's forms on a member's balance: the carried-over value while none is set, and adjustments. */
export function OvertimeForms({ userId, carriedOverSet }: { userId: string; carriedOverSet: boolean }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {!carriedOverSet && <OvertimeForm key={`carry-${userId}`} userId={userId} kind="carryOver" />}
      <OvertimeForm key={`adjust-${userId}`} userId={userId} kind="adjustment" />
    </div>
  );
}

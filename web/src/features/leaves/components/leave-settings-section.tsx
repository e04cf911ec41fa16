import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox, FormError, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useAllowanceActions, useLeaveSettings } from '../api/balances';
import { leaveSettingsFormValues, leaveSettingsSchema, toLeaveSettingsBody, weekDays, type LeaveSettingsFormValues } from '../api/leave-settings-schema';
import type { LeaveSettings } from '../api/types';

const FIELDS = ['defaultAllowance', 'carryOverCap', 'workWeek', 'allowNegative'] as const;

function LeaveSettingsForm({ settings }: { settings: LeaveSettings }) {
  const { t } = useTranslation();
  const { saveSettings } = useAllowanceActions();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<LeaveSettingsFormValues>({
    resolver: zodResolver(leaveSettingsSchema),
    mode: 'onBlur',
    defaultValues: leaveSettingsFormValues(settings),
  });
  const workWeek = watch('workWeek');

  const toggleDay = (day: number) => {
    const next = workWeek.includes(day) ? workWeek.filter((d) => d !== day) : [...workWeek, day].sort((a, b) => a - b);
    setValue('workWeek', next, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const { submit, formError } = useRecordForm({
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    savedMessage: () => t('leaves.settings.saved'),
    failure: { show: 'inline', fallback: t('leaves.settings.saveFailed') },
    // The form goes on from what was saved.
    onSaved: (saved: LeaveSettings | undefined) => reset(leaveSettingsFormValues(saved ?? settings)),
  });
  const onSubmit = async (values: LeaveSettingsFormValues) => {
    await submit(() => sentNow(saveSettings(toLeaveSettingsBody(values))));
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('leaves.settings.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('leaves.settings.defaultAllowance')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('leaves.settings.defaultAllowanceHint')}
          error={errors.defaultAllowance?.message}
          {...register('defaultAllowance')}
        />
        <Input
          label={t('leaves.settings.carryOverCap')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('leaves.settings.carryOverCapHint')}
          error={errors.carryOverCap?.message}
          {...register('carryOverCap')}
        />
      </div>
      <div>
        <Checkbox label={t('leaves.settings.allowNegative')} {...register('allowNegative')} />
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('leaves.settings.allowNegativeHint')}</p>
      </div>
      <fieldset aria-describedby={errors.workWeek ? 'leave-work-week-error' : 'leave-work-week-hint'}>
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('leaves.settings.workWeek')}</legend>
        <p id="leave-work-week-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {t('leaves.settings.workWeekHint')}
        </p>
        <div className="mt-2 grid grid-cols-7 gap-1 sm:flex sm:flex-wrap sm:gap-2">
          {weekDays().map(({ day, short, name }) => {
            const on = workWeek.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                title={name}
                onClick={() => toggleDay(day)}
                className={cn(
                  'min-h-11 min-w-0 rounded-lg border text-sm font-semibold transition-colors sm:w-14',
                  on
                    ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200',
                )}
              >
                {short}
              </button>
            );
          })}
        </div>
        {errors.workWeek?.message && (
          <p id="leave-work-week-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {errors.workWeek.message}
          </p>
        )}
      </fieldset>
      <FormError>{formError}</FormError>
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('leaves.form.saving') : t('leaves.settings.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The team's leave settings for its admins (in the Admin Panel): the default allowance, the carry-over cap, whether a
 * balance may go below zero, and the work week the working days are counted on.
 */
export function LeaveSettingsSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useLeaveSettings();
  return (
    <Card>
      <div className="mb-3">
        <h2 className="text-lg font-semibold">{t('leaves.settings.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('leaves.settings.intro')}</p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('leaves.settings.loading')} />
        </div>
      ) : error && !data ? (
        <FormError>{errorMessage(error, t('leaves.settings.loadFailed'))}</FormError>
      ) : data ? (
        <LeaveSettingsForm settings={data} />
      ) : null}
    </Card>
  );
}

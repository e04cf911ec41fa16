import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { Checkbox, FormError, Input } from '@/components/ui/field';
import { FormTimeField } from '@/components/ui/form-date-time';
import { Select } from '@/components/ui/select';
import {
  emptyWebhookForm,
  eventChoices,
  eventExplanation,
  eventLabel,
  formatHint,
  formatLabel,
  formats,
  toWebhookBody,
  webhookSchema,
  type WebhookFormValues,
} from '../api/webhook-schema';
import { useAddWebhook, type CreatedWebhook } from '../api/webhooks';

const FIELDS = ['url', 'format', 'events', 'dailyAt'] as const;

/** Adds a hook: where it posts, in which format, and which events; the server's field messages land under each field. */
export function AddWebhookForm({ onAdded }: { onAdded: (hook: CreatedWebhook) => void }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useAddWebhook();
  const eventsId = useId();
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    getValues,
    setError,
    formState: { errors },
  } = useForm<WebhookFormValues>({ resolver: zodResolver(webhookSchema), mode: 'onBlur', defaultValues: emptyWebhookForm });
  const format = watch('format');
  const daily = watch('events').includes('daily.absences');

  // No toast: the section shows the new hook's secret.
  const { submit, formError } = useRecordForm({
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    failure: { show: 'inline', fallback: t('webhooks.form.failed') },
    // A new form for the next one, in the format just used.
    onSaved: (created: CreatedWebhook) => {
      reset({ ...emptyWebhookForm, format: getValues('format') });
      onAdded(created);
    },
  });
  const onSubmit = async (values: WebhookFormValues) => {
    if (!isMutating) await submit(() => sentNow(trigger(toWebhookBody(values))));
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={t('webhooks.form.title')}
      className="min-w-0 space-y-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50"
    >
      <h3 className="text-base font-semibold">{t('webhooks.form.title')}</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem] sm:items-start">
        <Input
          label={t('webhooks.form.url')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('webhooks.form.urlPlaceholder')}
          hint={t('webhooks.form.urlHint')}
          error={errors.url?.message}
          {...register('url')}
        />
        <Select
          label={t('webhooks.form.format')}
          options={formats.map((value) => ({ value, label: formatLabel(value) }))}
          hint={formatHint(format)}
          error={errors.format?.message}
          {...register('format')}
        />
      </div>
      <fieldset aria-describedby={errors.events ? `${eventsId}-error` : undefined} className="min-w-0">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('webhooks.form.events')}</legend>
        <ul className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {eventChoices.map((choice) => (
            <li key={choice.event} className="min-w-0">
              <Checkbox
                value={choice.event}
                aria-describedby={`${eventsId}-${choice.event}`}
                label={
                  <>
                    <span className="font-medium">{eventLabel(choice.event)}</span>
                    {choice.optional && (
                      <span className="ml-2 inline-flex rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                        {t('webhooks.form.optional')}
                      </span>
                    )}
                  </>
                }
                {...register('events')}
              />
              <p id={`${eventsId}-${choice.event}`} className="pb-1 pl-8 text-xs text-slate-600 dark:text-slate-400">
                {eventExplanation(choice)}
              </p>
            </li>
          ))}
        </ul>
        {errors.events?.message && (
          <p id={`${eventsId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
            {errors.events.message}
          </p>
        )}
      </fieldset>
      {daily && (
        <div className="sm:w-56">
          <FormTimeField control={control} name="dailyAt" label={t('webhooks.form.dailyTime')} hint={t('webhooks.form.dailyHint')} />
        </div>
      )}
      <FormError>{formError}</FormError>
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button type="submit" disabled={isMutating}>
          {isMutating ? t('webhooks.form.adding') : t('webhooks.form.add')}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sentNow, useRecordForm } from '@/components/forms/record-form';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { emptyTokenForm, MAX_DAYS, MAX_NAME, scopeHint, scopeLabel, scopes, toTokenBody, tokenSchema, type TokenFormValues } from '../api/token-schema';
import { useCreateToken, type CreatedToken } from '../api/tokens';

const FIELDS = ['name', 'scope', 'expiresInDays'] as const;

/** Creates a token: its name, what it may do and for how many days; the server's field messages land under each field. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useCreateToken();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<TokenFormValues>({ resolver: zodResolver(tokenSchema), mode: 'onBlur', defaultValues: emptyTokenForm });
  const scope = watch('scope');

  // No toast: the section shows the new token's secret.
  const { submit, formError } = useRecordForm({
    fields: FIELDS,
    setFieldError: (field, message) => setError(field, { message }),
    failure: { show: 'inline', fallback: t('apiTokens.form.failed') },
    onSaved: (created: CreatedToken) => {
      reset(emptyTokenForm);
      onCreated(created);
    },
  });
  const onSubmit = async (values: TokenFormValues) => {
    if (!isMutating) await submit(() => sentNow(trigger(toTokenBody(values))));
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={t('apiTokens.form.title')}
      className="min-w-0 space-y-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50"
    >
      <h3 className="text-base font-semibold">{t('apiTokens.form.title')}</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_10rem] sm:items-start">
        <Input
          label={t('apiTokens.form.name')}
          autoComplete="off"
          maxLength={MAX_NAME}
          placeholder={t('apiTokens.form.namePlaceholder')}
          error={errors.name?.message}
          {...register('name')}
        />
        <Select
          label={t('apiTokens.form.scope')}
          options={scopes.map((value) => ({ value, label: scopeLabel(value) }))}
          hint={scopeHint(scope)}
          error={errors.scope?.message}
          {...register('scope')}
        />
        <Input
          label={t('apiTokens.form.days')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DAYS}
          hint={t('apiTokens.form.daysHint', { max: MAX_DAYS })}
          error={errors.expiresInDays?.message}
          {...register('expiresInDays', { valueAsNumber: true })}
        />
      </div>
      <FormError>{formError}</FormError>
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button type="submit" disabled={isMutating}>
          {isMutating ? t('apiTokens.form.creating') : t('apiTokens.form.create')}
        </Button>
      </div>
    </form>
  );
}

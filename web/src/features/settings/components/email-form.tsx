import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { msg } from '@/lib/i18n';
import { useChangeEmail, type Profile } from '../api/settings';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: msg('settings.email.validation.emailRequired') })
    .max(70, { error: msg('settings.email.validation.emailTooLong') })
    .regex(EMAIL_SHAPE, { error: msg('settings.email.validation.emailInvalid') }),
  currentPassword: z.string(),
});

type EmailValues = z.infer<typeof emailSchema>;

/** A new address takes effect once the link mailed to it is followed (/verify-new-email). */
export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const { trigger, isMutating } = useChangeEmail();
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EmailValues>({ resolver: zodResolver(emailSchema), mode: 'onBlur', defaultValues: { email: '', currentPassword: '' } });

  const onSubmit = async ({ email, currentPassword }: EmailValues) => {
    if (isMutating || !requireAuth()) return;
    setFormError(undefined);
    setSent(undefined);
    if (email.trim().toLowerCase() === profile.email.toLowerCase()) {
      setError('email', { message: t('settings.email.validation.sameEmail') });
      return;
    }
    if (profile.hasPassword && !currentPassword) {
      setError('currentPassword', { message: t('settings.currentPasswordRequired') });
      return;
    }
    try {
      const answer = await trigger({ email: email.trim(), currentPassword });
      setSent(answer?.message || t('settings.email.sentTo', { email: email.trim() }));
      reset({ email: '', currentPassword: '' });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.email) setError('email', { message: fields.email });
      if (fields.currentPassword) setError('currentPassword', { message: fields.currentPassword });
      if (!fields.email && !fields.currentPassword) setFormError(errorMessage(error, t('settings.email.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.email.formLabel')} className="space-y-4">
      <p className="text-sm">
        <Trans i18nKey="settings.email.currentAddress" values={{ email: profile.email }} components={{ strong: <strong className="break-all" /> }} />
      </p>
      {profile.pendingEmail && !sent && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
          <Trans i18nKey="settings.email.pending" values={{ email: profile.pendingEmail }} components={{ strong: <strong className="break-all" /> }} />
        </p>
      )}
      <Input label={t('settings.email.newEmail')} type="email" autoComplete="email" maxLength={70} error={errors.email?.message} {...register('email')} />
      {profile.hasPassword && (
        <Input
          label={t('settings.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      {sent && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100">
          {t('settings.email.followIt', { sent })}
        </p>
      )}
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={isMutating}>
          {isMutating ? t('settings.sending') : t('settings.email.send')}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth, useSession } from '@/lib/auth';
import { msg } from '@/lib/i18n';
import { storeLogin } from '@/lib/session';
import { changePassword, type Profile } from '../api/settings';

/** The sign-up rules for a password (spec §5). */
const newPassword = z
  .string()
  .min(1, { error: msg('settings.password.validation.passwordRequired') })
  .min(6, { error: msg('settings.password.validation.passwordTooShort') })
  .max(20, { error: msg('settings.password.validation.passwordTooLong') });

export function passwordSchema(hasPassword: boolean) {
  return z
    .object({
      currentPassword: hasPassword ? z.string().min(1, { error: msg('settings.currentPasswordRequired') }) : z.string(),
      password: newPassword,
      confirmPassword: z.string().min(1, { error: msg('settings.password.validation.confirmRequired') }),
    })
    .refine((values) => values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      error: msg('settings.password.validation.mismatch'),
    });
}

type PasswordValues = z.infer<ReturnType<typeof passwordSchema>>;

/** Changing the password ends every other sign-in; this one carries on with the fresh tokens. */
export function PasswordForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const session = useSession();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema(profile.hasPassword)),
    mode: 'onBlur',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async ({ currentPassword, password }: PasswordValues) => {
    if (saving || !requireAuth()) return;
    setSaving(true);
    setFormError(undefined);
    try {
      const answer = await changePassword({ currentPassword, password });
      if (answer?.access_token && answer.refresh_token) {
        storeLogin({
          access_token: answer.access_token,
          refresh_token: answer.refresh_token,
          id: session.id ?? profile.id,
          name: session.name ?? profile.name,
          email: session.email ?? profile.email,
        });
      }
      reset();
      toast.show({
        title: t('settings.password.changedTitle'),
        message: answer?.message || t('settings.password.changed'),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.currentPassword) setError('currentPassword', { message: fields.currentPassword });
      if (fields.password) setError('password', { message: fields.password });
      if (!fields.currentPassword && !fields.password) setFormError(errorMessage(error, t('settings.password.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.password.formLabel')} className="space-y-4">
      {!profile.hasPassword && <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.password.socialOnly')}</p>}
      {profile.hasPassword && (
        <Input
          label={t('settings.currentPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={50}
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('settings.password.newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={50}
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label={t('settings.password.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={50}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('settings.password.rules')}</p>
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? t('settings.saving') : profile.hasPassword ? t('settings.password.change') : t('settings.password.set')}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth, useSession } from '@/lib/auth';
import { storeLogin } from '@/lib/session';
import { changePassword, type Profile } from '../api/settings';

/** The sign-up rules for a password (spec §5). */
const newPassword = z
  .string()
  .min(1, 'Password is required.')
  .min(6, 'Password must be at least 6 characters long.')
  .max(20, 'Password must not exceed 20 characters.');

export function passwordSchema(hasPassword: boolean) {
  return z
    .object({
      currentPassword: hasPassword ? z.string().min(1, 'Current password is required.') : z.string(),
      password: newPassword,
      confirmPassword: z.string().min(1, 'Please confirm the new password.'),
    })
    .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match.' });
}

type PasswordValues = z.infer<ReturnType<typeof passwordSchema>>;

/** Changing the password ends every other sign-in; this one carries on with the fresh tokens. */
export function PasswordForm({ profile }: { profile: Profile }) {
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
      toast.show({ title: 'Password changed', message: answer?.message || 'Your password has been changed.', variant: 'success', duration: SHORT_TOAST_MS });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.currentPassword) setError('currentPassword', { message: fields.currentPassword });
      if (fields.password) setError('password', { message: fields.password });
      if (!fields.currentPassword && !fields.password) setFormError(errorMessage(error, 'Your password could not be changed. Please try again later.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Change password" className="space-y-4">
      {!profile.hasPassword && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You signed up with GitHub or Google. Set a password to also sign in with your email address.
        </p>
      )}
      {profile.hasPassword && (
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          maxLength={50}
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="New password" type="password" autoComplete="new-password" maxLength={50} error={errors.password?.message} {...register('password')} />
        <Input
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          maxLength={50}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">6 to 20 characters. Your other devices will be signed out.</p>
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : profile.hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { useChangeEmail, type Profile } from '../api/settings';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .max(70, 'Email must not exceed 70 characters.')
    .regex(EMAIL_SHAPE, 'Please enter a valid email address.'),
  currentPassword: z.string(),
});

type EmailValues = z.infer<typeof emailSchema>;

/** A new address takes effect once the link mailed to it is followed (/verify-new-email). */
export function EmailForm({ profile }: { profile: Profile }) {
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
      setError('email', { message: 'This is already your email address.' });
      return;
    }
    if (profile.hasPassword && !currentPassword) {
      setError('currentPassword', { message: 'Current password is required.' });
      return;
    }
    try {
      const answer = await trigger({ email: email.trim(), currentPassword });
      setSent(answer?.message || `A verification link has been sent to ${email.trim()}.`);
      reset({ email: '', currentPassword: '' });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.email) setError('email', { message: fields.email });
      if (fields.currentPassword) setError('currentPassword', { message: fields.currentPassword });
      if (!fields.email && !fields.currentPassword) setFormError(errorMessage(error, 'The verification email could not be sent. Please try again later.'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Change email" className="space-y-4">
      <p className="text-sm">
        Current address: <strong className="break-all">{profile.email}</strong>
      </p>
      {profile.pendingEmail && !sent && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
          Waiting for <strong className="break-all">{profile.pendingEmail}</strong> to be confirmed: follow the link we mailed there.
        </p>
      )}
      <Input label="New email" type="email" autoComplete="email" maxLength={70} error={errors.email?.message} {...register('email')} />
      {profile.hasPassword && (
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      {sent && (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100">
          {sent} Follow it to confirm the change.
        </p>
      )}
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={isMutating}>
          {isMutating ? 'Sending...' : 'Send verification link'}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-error';
import { useDialogs } from '@/lib/dialogs';
import { resetPassword } from '../api/auth';
import { resetPasswordSchema, type ResetPasswordValues } from '../api/schemas';
import { INVALID_LINK } from './verify-new-email-page';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  const inFlight = useRef(false);
  const { open } = useDialogs();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), mode: 'onBlur', defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = async ({ password }: ResetPasswordValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setServerError(undefined);
    try {
      const data = await resetPassword(token, password);
      setDone(data?.message || 'Your password has been changed. You can now sign in with your new password.');
    } catch (error) {
      setServerError(errorMessage(error, 'Something went wrong. Please try again later.'));
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  };

  return (
    <Card className="mx-auto max-w-lg">
      <h2 className="mb-4 text-xl font-semibold">Choose a new password</h2>
      {!token ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {INVALID_LINK}
        </p>
      ) : done ? (
        <div className="space-y-4">
          <p role="status" className="text-emerald-700 dark:text-emerald-400">
            {done}
          </p>
          <Button onClick={() => open('signIn')}>Sign in</Button>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Reset password">
          <Input
            label="New password"
            type="password"
            autoComplete="new-password"
            maxLength={50}
            hint="6 to 20 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <Input
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            maxLength={50}
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <FormError>{serverError}</FormError>
          <Button type="submit" block disabled={loading}>
            {loading ? 'Loading...' : 'Reset password'}
          </Button>
        </form>
      )}
    </Card>
  );
}

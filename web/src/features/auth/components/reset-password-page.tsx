import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-error';
import { useDialogs } from '@/lib/dialogs';
import { resetPassword } from '../api/auth';
import { resetPasswordSchema, type ResetPasswordValues } from '../api/schemas';

export function ResetPasswordPage() {
  const { t } = useTranslation();
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
      setDone(data?.message || t('auth.reset.done'));
    } catch (error) {
      setServerError(errorMessage(error, t('common.somethingWrong')));
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  };

  return (
    <Card className="mx-auto max-w-lg">
      <h2 className="mb-4 text-xl font-semibold">{t('auth.reset.title')}</h2>
      {!token ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t('auth.verify.invalidLink')}
        </p>
      ) : done ? (
        <div className="space-y-4">
          <p role="status" className="text-emerald-700 dark:text-emerald-400">
            {done}
          </p>
          <Button onClick={() => open('signIn')}>{t('auth.common.signIn')}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('auth.reset.form')}>
          <Input
            label={t('auth.reset.newPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={50}
            hint={t('auth.common.passwordHint')}
            error={errors.password?.message}
            {...register('password')}
          />
          <Input
            label={t('auth.reset.confirmPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={50}
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <FormError>{serverError}</FormError>
          <Button type="submit" block disabled={loading}>
            {loading ? t('auth.common.loading') : t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </Card>
  );
}

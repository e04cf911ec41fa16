import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-error';
import { useDialogs } from '@/lib/dialogs';
import { deviceTimeZone } from '@/lib/time-zone';
import { signUp } from '../api/auth';
import { signUpSchema, type SignUpValues } from '../api/schemas';
import { SocialSignIn } from './social-sign-in';

export interface SignUpFormProps {
  onSignedUp: (email: string) => void;
  onSignIn: () => void;
  onShowTerms: () => void;
}

export function SignUpForm({ onSignedUp, onSignIn, onShowTerms }: SignUpFormProps) {
  const { t } = useTranslation();
  const { prefill } = useDialogs();
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    mode: 'onBlur',
    defaultValues: { name: '', email: prefill.email ?? '', password: '' },
  });

  const onSubmit = async (values: SignUpValues) => {
    if (loading) return;
    setServerError(undefined);
    setLoading(true);
    try {
      // Through an invitation link: the account joins that team once the address is verified.
      // The account starts in this device's time zone (an invitee: in the team's, when its admin set one).
      const timeZone = deviceTimeZone();
      await signUp(prefill.invitation ? { ...values, invitation: prefill.invitation, timeZone } : { ...values, timeZone });
      setLoading(false);
      onSignedUp(values.email);
    } catch (error) {
      setLoading(false);
      setServerError(errorMessage(error, t('common.somethingWrong')));
    }
  };

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('auth.signUp.submit')}>
        <Input label={t('auth.signUp.name')} autoComplete="name" maxLength={60} error={errors.name?.message} {...register('name')} />
        <Input
          label={t('auth.common.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={70}
          error={errors.email?.message}
          {...register('email')}
        />
        <Input
          label={t('auth.common.password')}
          type="password"
          autoComplete="new-password"
          maxLength={50}
          hint={t('auth.common.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans i18nKey="auth.signUp.agree" components={{ terms: <Button variant="link" inline onClick={onShowTerms} /> }} />
        </p>
        <FormError>{serverError}</FormError>
        <Button type="submit" block disabled={loading}>
          {loading ? t('auth.common.loading') : t('auth.signUp.submit')}
        </Button>
      </form>
      <SocialSignIn />
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        <Trans i18nKey="auth.signUp.haveAccount" components={{ signIn: <Button variant="link" onClick={onSignIn} /> }} />
      </p>
    </div>
  );
}

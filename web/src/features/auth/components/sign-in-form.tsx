import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox, FormError, Input } from '@/components/ui/field';
import { RELOAD_AFTER_LOGIN_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { useDialogs } from '@/lib/dialogs';
import { reloadPage } from '@/lib/browser';
import { storeLogin } from '@/lib/session';
import { isEmailNotActive, login } from '../api/auth';
import { signInSchema, type SignInValues } from '../api/schemas';
import { useEmailNotActive } from '../hooks/use-email-not-active';
import { readRememberedEmail, saveRememberMe } from '../utils/remember-me';
import { SocialSignIn } from './social-sign-in';

export interface SignInFormProps {
  onForgotPassword: () => void;
  onSignUp: () => void;
}

export function SignInForm({ onForgotPassword, onSignUp }: SignInFormProps) {
  const { t } = useTranslation();
  const { prefill } = useDialogs();
  const [rememberedEmail] = useState(readRememberedEmail);
  const [loading, setLoading] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const emailNotActive = useEmailNotActive();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    mode: 'onBlur',
    defaultValues: { email: prefill.email ?? rememberedEmail ?? '', password: '', rememberMe: rememberedEmail !== undefined },
  });

  const onSubmit = async ({ email, password, rememberMe }: SignInValues) => {
    if (loading || !email || !password) return;
    setServerError(undefined);
    setLoading(true);
    try {
      const data = await login({ email, password });
      storeLogin({ ...data, id: data.id ?? '', name: data.name ?? '', email: data.email ?? email });
      saveRememberMe(rememberMe, email);
      // The button keeps reading 'Loading...' until the page reloads signed in.
      setTimeout(reloadPage, RELOAD_AFTER_LOGIN_MS);
    } catch (error) {
      setLoading(false);
      setServerError(errorMessage(error, t('common.somethingWrong')));
      if (isEmailNotActive(error)) await emailNotActive(email);
    }
  };

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('auth.common.signIn')}>
        <Input label={t('auth.common.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <Input label={t('auth.common.password')} type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label={t('auth.signIn.rememberMe')} {...register('rememberMe')} />
          <Button variant="link" onClick={onForgotPassword}>
            {t('auth.signIn.forgotPassword')}
          </Button>
        </div>
        <FormError>{serverError}</FormError>
        <Button type="submit" block disabled={loading}>
          {loading ? t('auth.common.loading') : t('auth.common.signIn')}
        </Button>
      </form>
      <SocialSignIn />
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        <Trans i18nKey="auth.signIn.noAccount" components={{ signUp: <Button variant="link" onClick={onSignUp} /> }} />
      </p>
    </div>
  );
}

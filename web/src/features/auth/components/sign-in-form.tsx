import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
      setServerError(errorMessage(error, 'Something went wrong. Please try again later.'));
      if (isEmailNotActive(error)) await emailNotActive(email);
    }
  };

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label="Sign in">
        <Input label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <Input label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label="Remember me" {...register('rememberMe')} />
          <Button variant="link" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        </div>
        <FormError>{serverError}</FormError>
        <Button type="submit" block disabled={loading}>
          {loading ? 'Loading...' : 'Sign in'}
        </Button>
      </form>
      <SocialSignIn />
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        Don&apos;t have an account?{' '}
        <Button variant="link" onClick={onSignUp}>
          Sign up
        </Button>
      </p>
    </div>
  );
}

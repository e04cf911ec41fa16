import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-error';
import { forgotPassword, isEmailNotActive } from '../api/auth';
import { useEmailNotActive } from '../hooks/use-email-not-active';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  // A ref, not state: a second submit in the same tick must already see the first one.
  const inFlight = useRef(false);
  const alert = useAlert();
  const emailNotActive = useEmailNotActive();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    let failure: unknown;
    try {
      await forgotPassword(address);
    } catch (error) {
      failure = error ?? new Error(t('auth.forgot.unexpected'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
    if (failure === undefined) {
      void alert({ icon: 'success', title: t('auth.common.success'), text: t('auth.forgot.sent') });
    } else if (isEmailNotActive(failure)) {
      await emailNotActive(address);
    } else {
      void alert({ icon: 'error', title: t('auth.common.error'), text: errorMessage(failure, t('auth.forgot.unexpected')) });
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('auth.forgot.form')}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth.forgot.intro')}</p>
      <Input
        label={t('auth.common.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" block disabled={sending}>
        {sending ? t('auth.common.sending') : t('auth.forgot.submit')}
      </Button>
      <p className="text-center text-sm">
        <Button variant="link" onClick={onBack}>
          {t('auth.forgot.back')}
        </Button>
      </p>
    </form>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-error';
import { forgotPassword, isEmailNotActive } from '../api/auth';
import { useEmailNotActive } from '../hooks/use-email-not-active';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
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
      failure = error ?? new Error('Unknown error');
    } finally {
      inFlight.current = false;
      setSending(false);
    }
    if (failure === undefined) {
      void alert({ icon: 'success', title: 'Success', text: 'Password reset link has been sent to your email.' });
    } else if (isEmailNotActive(failure)) {
      await emailNotActive(address);
    } else {
      void alert({ icon: 'error', title: 'Error', text: errorMessage(failure, 'An unexpected error occurred.') });
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Forgot password">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <Input label="Email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <Button type="submit" block disabled={sending}>
        {sending ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      </p>
    </form>
  );
}

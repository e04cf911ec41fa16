import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

export interface SignInDialogProps {
  onClose: () => void;
  onSignUp: () => void;
}

/** Sign In and Forgot Password share one medium dialog and toggle inside it. */
export function SignInDialog({ onClose, onSignUp }: SignInDialogProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'signIn' | 'forgot'>('signIn');
  return (
    <Modal open size="md" title={view === 'signIn' ? t('auth.signIn.title') : t('auth.forgot.title')} onClose={onClose}>
      {view === 'signIn' ? (
        <SignInForm onForgotPassword={() => setView('forgot')} onSignUp={onSignUp} />
      ) : (
        <ForgotPasswordForm onBack={() => setView('signIn')} />
      )}
    </Modal>
  );
}

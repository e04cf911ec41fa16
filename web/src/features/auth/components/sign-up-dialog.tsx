import { useState } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { Modal } from '@/components/ui/modal';
import { useDialogs } from '@/lib/dialogs';
import { SignUpForm } from './sign-up-form';
import { TermsDialog } from './terms-dialog';

export interface SignUpDialogProps {
  onClose: () => void;
  onSignIn: () => void;
}

export function SignUpDialog({ onClose, onSignIn }: SignUpDialogProps) {
  const [showTerms, setShowTerms] = useState(false);
  const alert = useAlert();
  const { prefill } = useDialogs();

  const onSignedUp = (email: string) => {
    onClose();
    void alert({ icon: 'success', title: 'Verification email sent!', text: <VerificationSent email={email} invited={Boolean(prefill.invitation)} /> });
  };

  return (
    <>
      <Modal open size="md" title="Sign Up" onClose={onClose}>
        <SignUpForm onSignedUp={onSignedUp} onSignIn={onSignIn} onShowTerms={() => setShowTerms(true)} />
      </Modal>
      <TermsDialog open={showTerms} onClose={() => setShowTerms(false)} />
    </>
  );
}

export function VerificationSent({ email, invited = false }: { email: string; invited?: boolean }) {
  return (
    <p>
      Please verify your account: we sent a verification link to <strong className="break-all">{email}</strong>.{' '}
      {invited ? 'Follow it and you join the team that invited you; then sign in.' : 'Follow it, then sign in.'}
    </p>
  );
}

import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const [showTerms, setShowTerms] = useState(false);
  const alert = useAlert();
  const { prefill } = useDialogs();

  const onSignedUp = (email: string) => {
    onClose();
    void alert({ icon: 'success', title: t('auth.signUp.sentTitle'), text: <VerificationSent email={email} invited={Boolean(prefill.invitation)} /> });
  };

  return (
    <>
      <Modal open size="md" title={t('auth.signUp.title')} onClose={onClose}>
        <SignUpForm onSignedUp={onSignedUp} onSignIn={onSignIn} onShowTerms={() => setShowTerms(true)} />
      </Modal>
      <TermsDialog open={showTerms} onClose={() => setShowTerms(false)} />
    </>
  );
}

export function VerificationSent({ email, invited = false }: { email: string; invited?: boolean }) {
  return (
    <p>
      <Trans i18nKey={invited ? 'auth.signUp.sentInvited' : 'auth.signUp.sent'} values={{ email }} components={{ email: <strong className="break-all" /> }} />
    </p>
  );
}

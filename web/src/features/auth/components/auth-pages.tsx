import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAlert } from '@/components/ui/alert-dialog';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { VerificationSent } from './sign-up-dialog';
import { SignUpForm } from './sign-up-form';
import { TermsDialog } from './terms-dialog';

/** /signin: the sign-in dialog's content as a page, for links and bookmarks. */
export function SignInPage() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [view, setView] = useState<'signIn' | 'forgot'>('signIn');
  if (signedIn) return <Navigate to={paths.breaks} replace />;
  return (
    <Card className="mx-auto max-w-md">
      <h2 className="mb-4 text-xl font-semibold">{view === 'signIn' ? t('auth.signIn.title') : t('auth.forgot.title')}</h2>
      {view === 'signIn' ? (
        <SignInForm onForgotPassword={() => setView('forgot')} onSignUp={() => navigate(paths.signUp)} />
      ) : (
        <ForgotPasswordForm onBack={() => setView('signIn')} />
      )}
    </Card>
  );
}

/** /signup: the sign-up dialog's content as a page. */
export function SignUpPage() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const alert = useAlert();
  const [showTerms, setShowTerms] = useState(false);
  if (signedIn) return <Navigate to={paths.breaks} replace />;
  return (
    <Card className="mx-auto max-w-md">
      <h2 className="mb-4 text-xl font-semibold">{t('auth.signUp.title')}</h2>
      <SignUpForm
        onSignedUp={(email) => {
          void alert({ icon: 'success', title: t('auth.signUp.sentTitle'), text: <VerificationSent email={email} /> });
          navigate(paths.signIn);
        }}
        onSignIn={() => navigate(paths.signIn)}
        onShowTerms={() => setShowTerms(true)}
      />
      <TermsDialog open={showTerms} onClose={() => setShowTerms(false)} />
    </Card>
  );
}

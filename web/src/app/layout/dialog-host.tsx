import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/lib/dialogs';

const SignInDialog = lazy(() => import('@/features/auth/components/sign-in-dialog').then((module) => ({ default: module.SignInDialog })));
const SignUpDialog = lazy(() => import('@/features/auth/components/sign-up-dialog').then((module) => ({ default: module.SignUpDialog })));
const ContactDialog = lazy(() => import('@/features/contact/components/contact-dialog').then((module) => ({ default: module.ContactDialog })));

/**
 * The app-wide dialogs, each its own chunk loaded on first use: the form library stays out of the first visit,
 * and the service worker has every chunk cached for the visits after it.
 */
export function DialogHost() {
  const { t } = useTranslation();
  const { active, open, close } = useDialogs();
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60">
          <Spinner label={t('shell.opening')} className="text-white" />
        </div>
      }
    >
      {active === 'signIn' && <SignInDialog onClose={close} onSignUp={() => open('signUp')} />}
      {active === 'signUp' && <SignUpDialog onClose={close} onSignIn={() => open('signIn')} />}
      {active === 'contact' && <ContactDialog onClose={close} />}
    </Suspense>
  );
}

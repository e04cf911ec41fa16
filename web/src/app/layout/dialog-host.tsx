import { lazy, Suspense, useEffect } from 'react';
import { useDialogs } from '@/lib/dialogs';

const loadSignIn = () => import('@/features/auth/components/sign-in-dialog');
const loadSignUp = () => import('@/features/auth/components/sign-up-dialog');
const loadContact = () => import('@/features/contact/components/contact-dialog');

const SignInDialog = lazy(() => loadSignIn().then((module) => ({ default: module.SignInDialog })));
const SignUpDialog = lazy(() => loadSignUp().then((module) => ({ default: module.SignUpDialog })));
const ContactDialog = lazy(() => loadContact().then((module) => ({ default: module.ContactDialog })));

/** The app-wide dialogs, loaded on first use (and fetched ahead when the browser is idle). */
export function DialogHost() {
  const { active, open, close } = useDialogs();

  useEffect(() => {
    const warm = () => void Promise.all([loadSignIn(), loadSignUp(), loadContact()]).catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(warm, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(warm, 2000);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Suspense fallback={null}>
      {active === 'signIn' && <SignInDialog onClose={close} onSignUp={() => open('signUp')} />}
      {active === 'signUp' && <SignUpDialog onClose={close} onSignIn={() => open('signIn')} />}
      {active === 'contact' && <ContactDialog onClose={close} />}
    </Suspense>
  );
}

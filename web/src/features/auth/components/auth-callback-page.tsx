import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { reloadPage, replaceUrl } from '@/lib/browser';
import { takeReturnPath } from '@/lib/return-path';
import { storeCallbackSession } from '@/lib/session';
import { fetchCallbackAccount, type CallbackAccount } from '../api/social';
import { callbackErrorMessage } from '../utils/callback-error';
import { takeSignInNonce } from '../utils/sign-in-nonce';

interface CallbackSession {
  access_token: string;
  refresh_token: string;
  name: string;
  id: string;
}

/**
 * Social sign-in and single sign-on land here with the tokens in the query string (spec §2), and with the nonce
 * this tab sent when it started the sign-in. A sign-in this tab did not start (no nonce, or another one: a link
 * someone else made, with their tokens) keeps nothing until the person confirms the account it names; `error` is
 * shown only when it is one of the server's known messages (docs/security.md, "Sign-in callbacks").
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const toast = useToast();
  const handled = useRef(false);
  const [pending, setPending] = useState<{ session: CallbackSession; account: CallbackAccount }>();

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const query = new URLSearchParams(search);
    const accessToken = query.get('access_token');
    const refreshToken = query.get('refresh_token');
    const fail = (message: string) => {
      navigate(paths.login, { replace: true });
      toast.show({ variant: 'error', title: t('auth.callback.error'), message });
    };
    if (accessToken && refreshToken) {
      const session = { access_token: accessToken, refresh_token: refreshToken, name: query.get('name') ?? '', id: query.get('id') ?? '' };
      // The tokens must not stay in the address bar or the history.
      replaceUrl(paths.authCallback);
      if (takeSignInNonce(query.get('nonce'))) {
        signIn(session);
        return;
      }
      void fetchCallbackAccount(accessToken).then((account) => {
        if (account) setPending({ session, account });
        else fail(t('auth.callback.failed'));
      });
      return;
    }
    // The API sends `?error=<message>` when a step of the provider's sign-in failed; a link can carry any text.
    void callbackErrorMessage(query.get('error')).then(fail);
  }, [navigate, toast, search, t]);

  if (pending) {
    const { account, session } = pending;
    return (
      <section className="mx-auto max-w-md space-y-4 px-4 py-16" aria-labelledby="confirm-sign-in">
        <h1 id="confirm-sign-in" className="text-xl font-semibold text-slate-900 dark:text-slate-100">
          {t('auth.callback.confirmTitle', { name: account.name, email: account.email })}
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('auth.callback.confirmText')}</p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => signIn(session)}>{t('auth.callback.confirm')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setPending(undefined);
              navigate(paths.home, { replace: true });
            }}
          >
            {t('auth.callback.back')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className="flex justify-center py-16">
      <Spinner label={t('auth.callback.signingIn')} />
    </div>
  );
}

function signIn(session: CallbackSession) {
  storeCallbackSession(session);
  replaceUrl(takeReturnPath() ?? paths.home);
  reloadPage();
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { reloadPage, replaceUrl } from '@/lib/browser';
import { takeReturnPath } from '@/lib/return-path';
import { storeCallbackSession } from '@/lib/session';

/** Social sign-in lands here with the tokens in the query string (spec §2). */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const toast = useToast();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const query = new URLSearchParams(search);
    const accessToken = query.get('access_token');
    const refreshToken = query.get('refresh_token');
    if (accessToken && refreshToken) {
      storeCallbackSession({ access_token: accessToken, refresh_token: refreshToken, name: query.get('name') ?? '', id: query.get('id') ?? '' });
      // The tokens must not stay in the address bar or the history.
      replaceUrl(takeReturnPath() ?? paths.home);
      reloadPage();
      return;
    }
    navigate(paths.login, { replace: true });
    // The API sends `?error=<message>` when a step of the provider's sign-in failed.
    toast.show({ variant: 'error', title: t('auth.callback.error'), message: query.get('error') || t('auth.callback.tryAgain') });
  }, [navigate, toast, search, t]);

  return (
    <div className="flex justify-center py-16">
      <Spinner label={t('auth.callback.signingIn')} />
    </div>
  );
}

import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useAlert } from '@/components/ui/alert-dialog';
import { assignUrl, reloadPage } from '@/lib/browser';
import { fetchSocialProviders, socialStartUrl, startSocialSignIn, type SocialProvider } from '../api/social';
import { newSignInNonce } from '../utils/sign-in-nonce';

/** The providers' names are proper names, the same in every language. */
const providers: Array<{ id: Exclude<SocialProvider, 'oidc'>; name: string; icon: React.ReactNode }> = [
  {
    id: 'github',
    name: 'GitHub',
    icon: (
      <path d="M12 2a10 10 0 00-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.56 9.56 0 015 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.75c0 .27.18.58.69.48A10 10 0 0012 2z" />
    ),
  },
  {
    id: 'google',
    name: 'Google',
    icon: (
      <path d="M21.35 11.1H12v2.98h5.35c-.23 1.4-1.67 4.1-5.35 4.1a5.93 5.93 0 010-11.86c1.84 0 3.07.78 3.77 1.45l2.57-2.48A9.1 9.1 0 0012 2.9a9.1 9.1 0 100 18.2c5.25 0 8.73-3.69 8.73-8.89 0-.6-.06-1.05-.14-1.5z" />
    ),
  },
];

/** A key: single sign-on with the company's identity provider. */
const ssoIcon = (
  <path d="M14 3a7 7 0 00-6.71 9l-5 5A1 1 0 002 17.7V21a1 1 0 001 1h3v-2h2v-2h2l1.29-1.29A7 7 0 1014 3zm2.5 6a1.5 1.5 0 110-3 1.5 1.5 0 010 3z" />
);

const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/**
 * Social sign-in and single sign-on: the browser goes to the main API host, which returns to /auth/callback with the
 * tokens. Only the providers the server has credentials for are offered (`GET /auth/providers`); single sign-on
 * shows the server's button text (`OIDC_LABEL`) above the others; with none, nothing is shown. A click keeps a
 * one-time value in this tab and sends it along: a callback that does not bring it back asks before it signs in.
 */
export function SocialSignIn() {
  const { t } = useTranslation();
  const alert = useAlert();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const { data: on } = useSWR('auth/providers', fetchSocialProviders, { revalidateOnFocus: false, revalidateIfStale: false });
  const offered = providers.filter((provider) => on?.[provider.id]);
  const sso = on?.oidc;

  const onClick = async (event: MouseEvent<HTMLAnchorElement>, provider: SocialProvider) => {
    // Modified clicks (new tab, etc.) keep the plain link behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (busy) return;
    setBusy(provider);
    const start = await startSocialSignIn(provider, newSignInNonce());
    if (start.kind === 'redirect') {
      assignUrl(start.url);
      return;
    }
    setBusy(null);
    if (start.kind === 'signedIn') reloadPage();
    else void alert({ icon: 'error', title: t('auth.common.error'), text: start.message });
  };

  if (offered.length === 0 && !sso) return null;
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3 text-xs tracking-wide text-slate-600 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('auth.social.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      {sso && (
        <a
          href={socialStartUrl('oidc')}
          onClick={(event) => void onClick(event, 'oidc')}
          aria-busy={busy === 'oidc' || undefined}
          className={`${buttonClass} w-full`}
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
            {ssoIcon}
          </svg>
          {sso.label}
        </a>
      )}
      {offered.length > 0 && (
        <div className={offered.length > 1 ? 'grid gap-2 sm:grid-cols-2' : 'grid gap-2'}>
          {offered.map((provider) => (
            <a
              key={provider.id}
              href={socialStartUrl(provider.id)}
              onClick={(event) => void onClick(event, provider.id)}
              aria-busy={busy === provider.id || undefined}
              className={buttonClass}
            >
              <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
                {provider.icon}
              </svg>
              {t('auth.social.continueWith', { provider: provider.name })}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useDialogs } from '@/lib/dialogs';
import { updateSessionEmail } from '@/lib/session';
import { verifyEmail } from '../api/auth';

type Kind = 'signup' | 'change';
/** What the page says: the server's own message when it gave one, else the catalogue's `fallback`, read when shown. */
type Said = { message?: string; fallback: string };
type Outcome = { state: 'verifying' } | ({ state: 'verified'; email?: string } & Said) | ({ state: 'failed' } & Said);

const INVALID_LINK = 'auth.verify.invalidLink';
const verifiedFallback = (kind: Kind) => (kind === 'signup' ? 'auth.verify.verified' : 'auth.verify.changed');

// Link tokens are single-use: one request per token, however often the effect runs.
const attempts = new Map<string, Promise<{ message?: string; email?: string }>>();

/**
 * What the server said of a followed link, kept in the page's history entry so that a reload (after a sign-in) shows it
 * again; without it the page's own text is shown, in the language of that moment.
 */
interface Followed {
  message?: string;
}

/**
 * Sign-up links (`kind=signup`) verify the new account; other links confirm a change of email address. Once a link
 * has worked, its token leaves the address bar (`?kind=…&verified=1&email=…`): a sign-in from this page reloads it,
 * and the spent token must not be posted again. Signed in after a sign-up link, the page moves on to the Dashboard.
 */
export function VerifyNewEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const kind: Kind = params.get('kind') === 'signup' ? 'signup' : 'change';
  const done = params.get('verified') === '1';
  const verifiedEmail = params.get('email') ?? '';
  const followed = (location.state as Followed | null)?.message;
  const [outcome, setOutcome] = useState<Outcome>(
    done
      ? { state: 'verified', message: followed, fallback: verifiedFallback(kind) }
      : token
        ? { state: 'verifying' }
        : { state: 'failed', fallback: INVALID_LINK },
  );
  const session = useSession();
  const { open } = useDialogs();

  useEffect(() => {
    if (!token || done) return;
    let current = true;
    const key = `${kind}:${token}`;
    if (!attempts.has(key)) attempts.set(key, verifyEmail(token, kind));
    attempts
      .get(key)!
      .then((data) => {
        if (!current) return;
        if (kind === 'change' && data?.email && session.signedIn) updateSessionEmail(data.email);
        const message = data?.message || undefined;
        setOutcome({ state: 'verified', message, fallback: verifiedFallback(kind), email: data?.email });
        // Straight through the History API: the router blocks navigating from this page to itself (spec §2), and
        // the page needs no new render, only an address (and history entry) that a reload reads back.
        const search = new URLSearchParams({ kind, verified: '1', ...(data?.email ? { email: data.email } : {}) });
        const entry = (window.history.state ?? {}) as Record<string, unknown>;
        window.history.replaceState({ ...entry, usr: { message } satisfies Followed }, '', `${window.location.pathname}?${search}`);
      })
      .catch((error: unknown) => {
        if (!current) return;
        // Signed in, a used sign-up link is one that already did its work: no error to show.
        const used = error instanceof ApiError && error.status === 400 && kind === 'signup' && session.signedIn;
        setOutcome(
          used
            ? { state: 'verified', fallback: 'auth.verify.alreadyVerified' }
            : { state: 'failed', message: errorMessage(error, '') || undefined, fallback: INVALID_LINK },
        );
      });
    return () => {
      current = false;
    };
  }, [token, kind, done, session.signedIn]);

  // Signed in after following a sign-up link (the sign-in from this page reloads it): on to the Dashboard.
  if (done && kind === 'signup' && session.signedIn) return <Navigate to={paths.home} replace />;

  return (
    <Card className="mx-auto max-w-lg text-center">
      <h2 className="mb-3 text-xl font-semibold">{kind === 'signup' ? t('auth.verify.titleSignUp') : t('auth.verify.titleChange')}</h2>
      {outcome.state === 'verifying' && (
        <div className="flex flex-col items-center gap-3 py-4">
          <Spinner label={t('auth.verify.verifyingLabel')} />
          <p>{t('auth.verify.verifying')}</p>
        </div>
      )}
      {outcome.state !== 'verifying' && (
        <div className="space-y-4">
          <p
            role={outcome.state === 'failed' ? 'alert' : 'status'}
            className={outcome.state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}
          >
            {outcome.message || t(outcome.fallback)}
          </p>
          {outcome.state === 'verified' && !session.signedIn ? (
            <Button onClick={() => open('signIn', { email: outcome.email || verifiedEmail || undefined })}>{t('auth.common.signIn')}</Button>
          ) : (
            <Link to={paths.home} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-500">
              {t('auth.verify.toDashboard')}
            </Link>
          )}
        </div>
      )}
    </Card>
  );
}

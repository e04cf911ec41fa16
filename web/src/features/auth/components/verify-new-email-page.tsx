import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useDialogs } from '@/lib/dialogs';
import { updateSessionEmail } from '@/lib/session';
import { verifyEmail } from '../api/auth';

type Kind = 'signup' | 'change';
type Outcome = { state: 'verifying' } | { state: 'verified'; message: string } | { state: 'failed'; message: string };

export const INVALID_LINK = 'This link is invalid or has expired.';

// Link tokens are single-use: one request per token, however often the effect runs.
const attempts = new Map<string, Promise<{ message?: string; email?: string }>>();

/**
 * Sign-up links (`kind=signup`) verify the new account; other links confirm a change of email address.
 */
export function VerifyNewEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind: Kind = params.get('kind') === 'signup' ? 'signup' : 'change';
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'verifying' } : { state: 'failed', message: INVALID_LINK });
  const session = useSession();
  const { open } = useDialogs();

  useEffect(() => {
    if (!token) return;
    let current = true;
    const key = `${kind}:${token}`;
    if (!attempts.has(key)) attempts.set(key, verifyEmail(token, kind));
    attempts
      .get(key)!
      .then((data) => {
        if (!current) return;
        if (kind === 'change' && data?.email && session.signedIn) updateSessionEmail(data.email);
        const fallback = kind === 'signup' ? 'Your email address is verified. You can now sign in.' : 'Your new email address is confirmed.';
        setOutcome({ state: 'verified', message: data?.message || fallback });
      })
      .catch((error: unknown) => {
        if (current) setOutcome({ state: 'failed', message: errorMessage(error, INVALID_LINK) });
      });
    return () => {
      current = false;
    };
  }, [token, kind, session.signedIn]);

  return (
    <Card className="mx-auto max-w-lg text-center">
      <h2 className="mb-3 text-xl font-semibold">{kind === 'signup' ? 'Verify your email' : 'Confirm your new email'}</h2>
      {outcome.state === 'verifying' && (
        <div className="flex flex-col items-center gap-3 py-4">
          <Spinner label="Verifying" />
          <p>Verifying your email…</p>
        </div>
      )}
      {outcome.state !== 'verifying' && (
        <div className="space-y-4">
          <p
            role={outcome.state === 'failed' ? 'alert' : 'status'}
            className={outcome.state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}
          >
            {outcome.message}
          </p>
          {outcome.state === 'verified' && !session.signedIn ? (
            <Button onClick={() => open('signIn')}>Sign in</Button>
          ) : (
            <Link to={paths.breaks} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-500">
              Go to the dashboard
            </Link>
          )}
        </div>
      )}
    </Card>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useDialogs } from '@/lib/dialogs';
import { setReturnPath, takeReturnPath } from '@/lib/return-path';
import { PROFILE_KEY } from '@/lib/team-role';
import { acceptInvitation, teamKeys } from '../api/team';

type Outcome = { state: 'idle' } | { state: 'accepting' } | { state: 'accepted'; message: string } | { state: 'failed'; message: string };

const accepted = new Map<string, ReturnType<typeof acceptInvitation>>();

/**
 * A sign-in made on this page reloads it about 100 ms later (spec §4); accepting before that reload would spend
 * the single-use token on a page about to vanish, and the reloaded page would then find it used. So after a
 * sign-in here the page waits this long first: the reloaded page accepts, or this one if no reload came.
 */
export const ACCEPT_AFTER_SIGN_IN_MS = 1500;

/**
 * An invitation link works only for a signed-in user with the invited address. Signed out, the page
 * explains that, keeps the link for after sign-in and opens the sign-in dialog.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const { signedIn } = useSession();
  const { open } = useDialogs();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const promptedSignIn = useRef(false);
  const signedInAtStart = useRef(signedIn);
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (!token) return;
    if (!signedIn) {
      setReturnPath(location.pathname + location.search);
      if (!promptedSignIn.current) {
        promptedSignIn.current = true;
        open('signIn');
      }
      return;
    }
    let current = true;
    // Signed in now: the link kept for after a social sign-in has served its purpose.
    takeReturnPath();
    setOutcome({ state: 'accepting' });
    const accept = () => {
      if (!accepted.has(token)) accepted.set(token, acceptInvitation(token));
      accepted
        .get(token)!
        .then((data) => {
          // A new team: the navigation's member count and the team lists are someone else's now, and so is the role
          // (the admin of a team of one joins as whatever the invitation says), which decides the admin cards.
          void mutate(teamKeys.memberCount);
          void mutate(teamKeys.members);
          void mutate(PROFILE_KEY);
          if (current) setOutcome({ state: 'accepted', message: data?.message || 'You have joined the team.' });
        })
        .catch((error: unknown) => current && setOutcome({ state: 'failed', message: errorMessage(error, 'This invitation is invalid or has expired.') }));
    };
    const wait = signedInAtStart.current || accepted.has(token) ? undefined : setTimeout(accept, ACCEPT_AFTER_SIGN_IN_MS);
    if (!wait) accept();
    return () => {
      current = false;
      clearTimeout(wait);
    };
  }, [token, signedIn, open, location.pathname, location.search, mutate]);

  return (
    <Card className="mx-auto max-w-lg text-center">
      <h2 className="mb-3 text-xl font-semibold">Team invitation</h2>
      {!token ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          This invitation link is incomplete. Open the link from the invitation email again.
        </p>
      ) : !signedIn ? (
        <div className="space-y-4">
          <p>You have been invited to join a team on Breaktime. Sign in with the email address the invitation was sent to, and we will add you to the team.</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">No account yet? Sign up with that address first, verify it, then open this link again.</p>
          <Button onClick={() => open('signIn')}>Sign in to accept</Button>
        </div>
      ) : outcome.state === 'accepted' || outcome.state === 'failed' ? (
        <div className="space-y-4">
          <p
            role={outcome.state === 'failed' ? 'alert' : 'status'}
            className={outcome.state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}
          >
            {outcome.message}
          </p>
          <Link to={paths.administrators} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-500">
            See your team
          </Link>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 py-4">
          <Spinner label="Accepting" />
          <p>Accepting the invitation…</p>
        </div>
      )}
    </Card>
  );
}

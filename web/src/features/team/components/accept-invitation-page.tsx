import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useDialogs } from '@/lib/dialogs';
import { t as translate } from '@/lib/i18n';
import { setReturnPath, takeReturnPath } from '@/lib/return-path';
import { PROFILE_KEY } from '@/lib/team-role';
import { acceptInvitation, previewInvitation, teamKeys, type InvitationPreview } from '../api/team';

type Outcome = { state: 'idle' } | { state: 'accepting' } | { state: 'accepted'; message: string } | { state: 'failed'; message: string };

type Preview = { state: 'loading' } | { state: 'ready'; data: InvitationPreview } | { state: 'failed'; message: string };

const accepted = new Map<string, ReturnType<typeof acceptInvitation>>();
const previews = new Map<string, Promise<InvitationPreview>>();

/** The invitation's wording per role ('as an admin'); an unknown role reads as a member's. */
const roleContext = (role: InvitationPreview['role']) => (role === 'admin' || role === 'hr' ? role : 'member');

const strong = { strong: <strong />, email: <strong className="break-all" /> };

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
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const { signedIn } = useSession();
  const { open } = useDialogs();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const promptedSignIn = useRef(false);
  const signedInAtStart = useRef(signedIn);
  const { mutate } = useSWRConfig();

  const [preview, setPreview] = useState<Preview>({ state: 'loading' });

  // Signed out, the page first learns whom the link is for: an address with an account signs in, a new one signs
  // up (the account joins the team once its address is verified, without this link again).
  useEffect(() => {
    if (!token || signedIn) return;
    let current = true;
    if (!previews.has(token)) previews.set(token, previewInvitation(token));
    previews
      .get(token)!
      .then((data) => current && setPreview({ state: 'ready', data }))
      .catch((error: unknown) => current && setPreview({ state: 'failed', message: errorMessage(error, translate('team.accept.invalid')) }));
    return () => {
      current = false;
    };
  }, [token, signedIn]);

  useEffect(() => {
    if (!token) return;
    if (!signedIn) {
      setReturnPath(location.pathname + location.search);
      if (preview.state === 'ready' && !promptedSignIn.current) {
        promptedSignIn.current = true;
        const { email, accountExists } = preview.data;
        if (accountExists) open('signIn', { email });
        else open('signUp', { email, invitation: token });
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
          if (current) setOutcome({ state: 'accepted', message: data?.message || translate('team.accept.joined') });
        })
        .catch((error: unknown) => current && setOutcome({ state: 'failed', message: errorMessage(error, translate('team.accept.invalid')) }));
    };
    const wait = signedInAtStart.current || accepted.has(token) ? undefined : setTimeout(accept, ACCEPT_AFTER_SIGN_IN_MS);
    if (!wait) accept();
    return () => {
      current = false;
      clearTimeout(wait);
    };
  }, [token, signedIn, open, location.pathname, location.search, mutate, preview]);

  return (
    <Card className="mx-auto max-w-lg text-center">
      <h2 className="mb-3 text-xl font-semibold">{t('team.accept.title')}</h2>
      {!token ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t('team.accept.incomplete')}
        </p>
      ) : !signedIn ? (
        preview.state === 'loading' ? (
          <div className="flex flex-col items-center gap-3 py-4">
            <Spinner label={t('team.accept.reading')} />
          </div>
        ) : preview.state === 'failed' ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {preview.message}
          </p>
        ) : preview.data.accountExists ? (
          <div className="space-y-4">
            <p>
              <Trans
                i18nKey="team.accept.invitedSignIn"
                context={roleContext(preview.data.role)}
                values={{ team: preview.data.teamName, email: preview.data.email }}
                components={strong}
              />
            </p>
            <Button onClick={() => open('signIn', { email: preview.data.email })}>{t('team.accept.signInToAccept')}</Button>
          </div>
        ) : (
          <div className="space-y-4">
            <p>
              <Trans
                i18nKey="team.accept.invitedSignUp"
                context={roleContext(preview.data.role)}
                values={{ team: preview.data.teamName, email: preview.data.email }}
                components={strong}
              />
            </p>
            <Button onClick={() => open('signUp', { email: preview.data.email, invitation: token })}>{t('team.accept.signUpToJoin')}</Button>
          </div>
        )
      ) : outcome.state === 'accepted' || outcome.state === 'failed' ? (
        <div className="space-y-4">
          <p
            role={outcome.state === 'failed' ? 'alert' : 'status'}
            className={outcome.state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}
          >
            {outcome.message}
          </p>
          <Link to={paths.administrators} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline dark:text-brand-500">
            {t('team.accept.seeTeam')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 py-4">
          <Spinner label={t('team.accept.accepting')} />
          <p>{t('team.accept.acceptingText')}</p>
        </div>
      )}
    </Card>
  );
}

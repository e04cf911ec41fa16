import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useCurrentBreak, useLiveBreak, useRevalidateBreaks, useStartBreak } from '../api/breaks';

/** The type a warning's "Start break" starts (the contract's: a short break, the law's kind of pause). */
export const GUARD_BREAK_TYPE = 'Short Break';

/**
 * `/breaks?action=start-break` (a break-and-rest warning's action): starts a live break once the server's answer about
 * the current one is in, the same call as the card's Start break, then drops the query so a reload or Back does not
 * repeat it. A break already running is left as it is. The route renders it only with the query
 * (src/app/routes/breaks.tsx loads it then, keeping it out of the Dashboard's first download).
 */
export function StartBreakFromLink() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { signedIn } = useSession();
  const { live } = useLiveBreak();
  // A break kept from the last visit may have ended since: wait for the fresh answer, not the remembered one.
  const { data, isValidating } = useCurrentBreak();
  const { trigger } = useStartBreak();
  const revalidate = useRevalidateBreaks();
  const toast = useToast();
  const handled = useRef(false);
  const wanted = params.get('action') === 'start-break';
  const settled = data !== undefined && !isValidating;

  useEffect(() => {
    // Signed out, the query stays: signing in reloads the page, which then starts the break.
    if (!wanted || !signedIn || !settled || handled.current) return;
    handled.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('action');
        return next;
      },
      { replace: true },
    );
    if (live) return;
    trigger({ type: GUARD_BREAK_TYPE }).then(
      (started) =>
        toast.show({
          title: t('breaks.live.startedTitle'),
          message: started.queued ? t('breaks.live.startedQueued') : t('breaks.live.startedFromWarning'),
          variant: started.queued ? 'info' : 'success',
        }),
      (failure: unknown) => {
        console.error('Starting the break from a warning failed', failure);
        toast.show({ title: t('breaks.live.notStartedTitle'), message: errorMessage(failure, t('breaks.live.startFailed')), variant: 'error' });
        void revalidate();
      },
    );
  }, [wanted, signedIn, settled, live, setParams, toast, trigger, revalidate, t]);

  return null;
}

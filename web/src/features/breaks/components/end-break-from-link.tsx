import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useCurrentBreak, useEndBreak, useLiveBreak, useRevalidateBreaks } from '../api/breaks';
import { formatMinutes } from '../utils/time';
import { breakTypeLabel } from '../utils/break-type-label';

/** The query a break reminder's "End break now" opens the Dashboard with. */
export const END_BREAK_ACTION = 'end-break';

/**
 * `/breaks?action=end-break` (a break reminder's action): ends the live break once the server's answer about it is
 * in, the same call as the card's End break, then drops the query so a reload or Back does not repeat it. Without
 * the query it renders nothing and reads nothing.
 */
export function EndBreakFromLink() {
  const [params] = useSearchParams();
  return params.get('action') === END_BREAK_ACTION ? <EndBreakNow /> : null;
}

function EndBreakNow() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { signedIn } = useSession();
  const { live } = useLiveBreak();
  // A break kept from the last visit may have ended since: wait for the fresh answer, not the remembered one.
  const { data, isValidating } = useCurrentBreak();
  const { trigger } = useEndBreak();
  const revalidate = useRevalidateBreaks();
  const toast = useToast();
  const handled = useRef(false);
  const wanted = params.get('action') === END_BREAK_ACTION;
  const settled = data !== undefined && !isValidating;

  useEffect(() => {
    // Signed out, the query stays: signing in reloads the page, which then ends the break.
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
    if (!live) {
      toast.show({ title: t('breaks.live.noBreakTitle'), message: t('breaks.live.noBreakMessage'), variant: 'info' });
      return;
    }
    trigger(live).then(
      (ended) =>
        toast.show({
          title: t('breaks.live.endedTitle'),
          message: ended.queued
            ? t('breaks.live.endedQueued', { type: breakTypeLabel(live.type) })
            : t('breaks.live.endedMessage', { type: breakTypeLabel(ended.data.type), duration: formatMinutes(ended.data.duration) }),
          variant: ended.queued ? 'info' : 'success',
        }),
      (failure: unknown) => {
        console.error('Ending the break from a reminder failed', failure);
        toast.show({ title: t('breaks.live.notEndedTitle'), message: errorMessage(failure, t('breaks.live.endFailed')), variant: 'error' });
        void revalidate();
      },
    );
  }, [wanted, signedIn, settled, live, setParams, toast, trigger, revalidate, t]);

  return null;
}

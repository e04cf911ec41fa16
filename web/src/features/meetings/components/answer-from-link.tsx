import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth';
import { useRespondMeeting } from '../api/meetings';

/**
 * `/meetings?meeting=<id>&answer=yes|no` (an invitation's Yes or No, in its mail or push): sends the answer with the
 * meeting's answer route once signed in, says so, then drops the answer from the address so a reload or Back does not
 * send it again. Signed out, the query stays and the answer goes once the person has signed in. Without it, nothing.
 */
export function AnswerFromLink() {
  const [params] = useSearchParams();
  const answer = params.get('answer');
  const id = params.get('meeting');
  return id && (answer === 'yes' || answer === 'no') ? <AnswerNow id={id} answer={answer} /> : null;
}

function AnswerNow({ id, answer }: { id: string; answer: 'yes' | 'no' }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const { signedIn } = useSession();
  const { trigger } = useRespondMeeting();
  const toast = useToast();
  const handled = useRef(false);

  useEffect(() => {
    if (!signedIn || handled.current) return;
    handled.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('answer');
        return next;
      },
      { replace: true },
    );
    trigger({ id, answer }).then(
      (meeting) =>
        toast.show({
          title: t('meetings.answer.sentTitle'),
          message: t(answer === 'yes' ? 'meetings.answer.sentYes' : 'meetings.answer.sentNo', { what: meeting.title || meeting.description || t('meetings.answer.thisMeeting') }),
          variant: 'success',
        }),
      (failure: unknown) =>
        toast.show({ title: t('meetings.errors.title'), message: errorMessage(failure, t('meetings.answer.failed')), variant: 'error' }),
    );
  }, [signedIn, id, answer, setParams, toast, trigger, t]);

  return null;
}

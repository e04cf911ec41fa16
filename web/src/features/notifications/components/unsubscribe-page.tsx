import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { confirmUnsubscribe, NOTIFICATIONS_ID, readUnsubscribe, type UnsubscribeInfo } from '../api/notifications';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500';

function TurnBackOn() {
  return (
    <Trans i18nKey="notifications.unsubscribe.turnBackOn" components={{ a: <Link to={`${paths.settings}#${NOTIFICATIONS_ID}`} className={linkClass} /> }} />
  );
}

/** The kinds the catalogues word themselves; another kind reads with the server's label. */
const KINDS = new Set(['break', 'meeting', 'agenda', 'leaveRequested', 'leaveDecided', 'meetingInvitation']);
const kindOptions = ({ kind, label }: UnsubscribeInfo) => (KINDS.has(kind) ? { context: kind } : { what: label });

/** `/unsubscribe?token=…`, an email's unsubscribe link: says what it stops, and stops it on a tap (no sign-in). */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Reading the link changes nothing; mail apps and link checkers may open it without the person.
  const info = useSWR(token ? ['unsubscribe', token] : null, () => readUnsubscribe(token), { revalidateOnReconnect: false });
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();

  const stop = async () => {
    setSending(true);
    setError(undefined);
    try {
      await confirmUnsubscribe(token);
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, t('notifications.unsubscribe.useFailed')));
    } finally {
      setSending(false);
    }
  };

  let body;
  if (!token) {
    body = <FormError>{t('notifications.unsubscribe.incomplete')}</FormError>;
  } else if (info.isLoading) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={t('notifications.unsubscribe.reading')} />
      </div>
    );
  } else if (!info.data) {
    body = <FormError>{errorMessage(info.error, t('notifications.unsubscribe.readFailed'))}</FormError>;
  } else if (done) {
    body = (
      <p role="status">
        {t('notifications.unsubscribe.done')} <TurnBackOn />
      </p>
    );
  } else if (!info.data.email) {
    body = (
      <p>
        {t('notifications.unsubscribe.alreadyOff', kindOptions(info.data))} <TurnBackOn />
      </p>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-base font-semibold">{t('notifications.unsubscribe.question', kindOptions(info.data))}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('notifications.unsubscribe.othersStay')}</p>
        <FormError>{error}</FormError>
        <Button onClick={() => void stop()} disabled={sending}>
          {sending ? t('notifications.unsubscribe.stopping') : t('notifications.unsubscribe.stop')}
        </Button>
      </div>
    );
  }

  return (
    <Card className="mx-auto max-w-xl space-y-4">
      <h2 className="text-lg font-semibold">{t('notifications.unsubscribe.title')}</h2>
      {body}
    </Card>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { confirmUnsubscribe, NOTIFICATIONS_ID, readUnsubscribe } from '../api/notifications';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500';

const turnBackOn = (
  <>
    You can turn them back on in{' '}
    <Link to={`${paths.settings}#${NOTIFICATIONS_ID}`} className={linkClass}>
      Settings
    </Link>
    .
  </>
);

/** `/unsubscribe?token=…`, an email's unsubscribe link: says what it stops, and stops it on a tap (no sign-in). */
export function UnsubscribePage() {
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
      setError(errorMessage(failure, 'The link could not be used. Please try again later.'));
    } finally {
      setSending(false);
    }
  };

  let body;
  if (!token) {
    body = <FormError>This unsubscribe link is not complete. Open it again from the email.</FormError>;
  } else if (info.isLoading) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label="Reading the link" />
      </div>
    );
  } else if (!info.data) {
    body = <FormError>{errorMessage(info.error, 'The link could not be read. Please try again later.')}</FormError>;
  } else if (done) {
    body = <p role="status">Done: you will no longer get these emails. {turnBackOn}</p>;
  } else if (!info.data.email) {
    body = (
      <p>
        Emails about {info.data.label} are already off. {turnBackOn}
      </p>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-base font-semibold">Stop emails about {info.data.label}?</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">Other emails, and push notifications, stay as they are.</p>
        <FormError>{error}</FormError>
        <Button onClick={() => void stop()} disabled={sending}>
          {sending ? 'Stopping…' : 'Stop these emails'}
        </Button>
      </div>
    );
  }

  return (
    <Card className="mx-auto max-w-xl space-y-4">
      <h2 className="text-lg font-semibold">Email notifications</h2>
      {body}
    </Card>
  );
}

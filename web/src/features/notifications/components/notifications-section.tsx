import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { NOTIFICATIONS_ID, useNotificationSettings } from '../api/notifications';
import { usePushDevice } from '../hooks/use-push-device';
import { NotificationsForm } from './notifications-form';
import { PushDevicePanel } from './push-device-panel';

/**
 * Settings → Notifications (`/settings#notifications`): this device's push state, then every reminder and notice.
 * `installHelp` is shown on an iPhone or iPad, where push needs the app on the Home Screen.
 */
export function NotificationsSection({ installHelp }: { installHelp?: ReactNode }) {
  const { t } = useTranslation();
  const { data: settings, error, isLoading, mutate } = useNotificationSettings();
  const device = usePushDevice();
  const { status, busy, turnOn } = device;
  const { hash } = useLocation();
  const heading = useRef<HTMLDivElement>(null);

  // The unsubscribe page links here: bring the card into view once the page is there.
  useEffect(() => {
    if (hash === `#${NOTIFICATIONS_ID}`) heading.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  // Only a tap gets here (see NotificationsForm): loading the page never asks for permission.
  const pushWanted = useCallback(() => {
    if (status === 'off' && !busy) void turnOn();
  }, [status, busy, turnOn]);

  return (
    <Card className="space-y-4">
      <div id={NOTIFICATIONS_ID} ref={heading} className="scroll-mt-20">
        <h2 className="text-lg font-semibold">{t('notifications.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('notifications.description')}</p>
      </div>
      <PushDevicePanel device={device} installHelp={installHelp} />
      {isLoading ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('notifications.loading')} />
        </div>
      ) : settings ? (
        // Remounted when the saved values change, so the form starts from them.
        <NotificationsForm key={JSON.stringify(settings)} settings={settings} onPushWanted={pushWanted} />
      ) : (
        <div className="space-y-2">
          <FormError>{errorMessage(error, t('notifications.loadFailed'))}</FormError>
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
    </Card>
  );
}

import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { SHORT_TOAST_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-error';
import { deviceTimeZone, zoneQuestionAnswered } from '@/lib/time-zone';
import { rememberZoneAnswer, zoneName } from '@/lib/time-zone-choices';
import { useProfile, useUpdateProfile } from '../api/settings';

/**
 * Asked once per device when the account's time zone is not this device's: use the device's (saved on the account)
 * or keep the account's. The answer is kept on this device, so the question comes back only when one of the two
 * zones changes (a trip, a new choice in Settings).
 */
export function TimeZoneBanner() {
  const { data: profile } = useProfile();
  const [answered, setAnswered] = useState(false);
  const device = deviceTimeZone();
  const account = profile?.timeZone;
  if (!account || answered || account === device || zoneQuestionAnswered(account, device)) return null;
  return <ZoneQuestion account={account} device={device} onAnswered={() => setAnswered(true)} />;
}

function ZoneQuestion({ account, device, onAnswered }: { account: string; device: string; onAnswered: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const { trigger, isMutating } = useUpdateProfile();
  const [error, setError] = useState<string>();

  const useDevice = async () => {
    if (isMutating) return;
    setError(undefined);
    try {
      await trigger({ timeZone: device });
      rememberZoneAnswer(device, device);
      onAnswered();
      toast.show({
        title: t('settings.savedTitle'),
        message: t('settings.zoneBanner.saved', { zone: zoneName(device) }),
        variant: 'success',
        duration: SHORT_TOAST_MS,
      });
    } catch (failure) {
      setError(errorMessage(failure, t('settings.zoneBanner.failed')));
    }
  };
  const keep = () => {
    rememberZoneAnswer(account, device);
    onAnswered();
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 flex flex-col gap-3 rounded-2xl bg-sky-50 px-4 py-3 text-sm text-sky-950 ring-1 ring-sky-200 lg:flex-row lg:items-center lg:justify-between dark:bg-sky-950/60 dark:text-sky-50 dark:ring-sky-800"
    >
      <div className="min-w-0">
        <h2 id={headingId} className="font-semibold">
          {t('settings.zoneBanner.label')}
        </h2>
        <p>
          <Trans i18nKey="settings.zoneBanner.text" values={{ account: zoneName(account), device: zoneName(device) }} components={{ strong: <strong /> }} />
        </p>
        {error && (
          <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row lg:shrink-0">
        <Button size="sm" disabled={isMutating} onClick={() => void useDevice()}>
          {t('settings.zoneBanner.useDevice', { zone: zoneName(device) })}
        </Button>
        <Button size="sm" variant="secondary" disabled={isMutating} onClick={keep}>
          {t('settings.zoneBanner.keep', { zone: zoneName(account) })}
        </Button>
      </div>
    </section>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { PushDevice, PushStatus } from '../hooks/use-push-device';

/** Each state's message in the catalogues (notifications.push.status.*). */
const messageKeys: Record<PushStatus, string> = {
  checking: 'checking',
  on: 'on',
  off: 'off',
  blocked: 'blocked',
  'not-configured': 'notConfigured',
  unsupported: 'unsupported',
  'needs-install': 'needsInstall',
};

const tones: Partial<Record<PushStatus, string>> = {
  on: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
  blocked: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
  'needs-install': 'bg-sky-50 text-sky-900 dark:bg-sky-950/60 dark:text-sky-100',
};

/**
 * This browser's push state, with the one action that fits it. `installHelp` says how to add the app on iOS.
 * The state is a line of the section, not an announcement: opening Settings says nothing on its own ("Push is off on
 * this device" would sound like a notification). Only once the person turns push on or off is the line live, so the
 * outcome of their tap is read out.
 */
export function PushDevicePanel({ device, installHelp }: { device: PushDevice; installHelp?: ReactNode }) {
  const { t } = useTranslation();
  const { status, busy, error } = device;
  const [acted, setActed] = useState(false);
  useEffect(() => {
    if (busy) setActed(true);
  }, [busy]);
  return (
    <div className="space-y-2">
      <div
        className={cn(
          'flex flex-col gap-3 rounded-lg px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between',
          tones[status] ?? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
        )}
      >
        <div className="space-y-1">
          <p data-testid="push-device-state" aria-live={acted ? 'polite' : 'off'} aria-atomic="true">
            {t(`notifications.push.status.${messageKeys[status]}`)}
          </p>
          {status === 'needs-install' && installHelp}
        </div>
        {status === 'off' && (
          <Button size="sm" onClick={() => void device.turnOn()} disabled={busy} className="shrink-0">
            {busy ? t('notifications.push.turningOn') : t('notifications.push.turnOn')}
          </Button>
        )}
        {status === 'on' && (
          <Button size="sm" variant="secondary" onClick={() => void device.turnOff()} disabled={busy} className="shrink-0">
            {busy ? t('notifications.push.turningOff') : t('notifications.push.turnOff')}
          </Button>
        )}
      </div>
      <FormError>{error}</FormError>
    </div>
  );
}

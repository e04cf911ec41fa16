import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { PushDevice, PushStatus } from '../hooks/use-push-device';

const messages: Record<PushStatus, string> = {
  checking: 'Checking this device…',
  on: 'Push is on for this device.',
  off: 'Push is off on this device.',
  blocked: 'Push is blocked in this browser’s settings. Allow notifications for this site there, then turn push on again.',
  'not-configured': 'Push is not set up on this server. Reminders still come by email.',
  unsupported: 'This browser cannot receive push notifications. Reminders still come by email.',
  'needs-install': 'On iPhone and iPad, push needs the app installed to the Home Screen: open Breaktime from there to turn it on.',
};

const tones: Partial<Record<PushStatus, string>> = {
  on: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
  blocked: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
  'needs-install': 'bg-sky-50 text-sky-900 dark:bg-sky-950/60 dark:text-sky-100',
};

/** This browser's push state, with the one action that fits it. `installHelp` says how to add the app on iOS. */
export function PushDevicePanel({ device, installHelp }: { device: PushDevice; installHelp?: ReactNode }) {
  const { status, busy, error } = device;
  return (
    <div className="space-y-2">
      <div
        className={cn(
          'flex flex-col gap-3 rounded-lg px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between',
          tones[status] ?? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
        )}
      >
        <div className="space-y-1">
          <p role="status">{messages[status]}</p>
          {status === 'needs-install' && installHelp}
        </div>
        {status === 'off' && (
          <Button size="sm" onClick={() => void device.turnOn()} disabled={busy} className="shrink-0">
            {busy ? 'Turning on…' : 'Turn on push on this device'}
          </Button>
        )}
        {status === 'on' && (
          <Button size="sm" variant="secondary" onClick={() => void device.turnOff()} disabled={busy} className="shrink-0">
            {busy ? 'Turning off…' : 'Turn off on this device'}
          </Button>
        )}
      </div>
      <FormError>{error}</FormError>
    </div>
  );
}

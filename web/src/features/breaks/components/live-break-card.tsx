import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveCard, LiveStatus } from '@/components/live-card';
import { Button } from '@/components/ui/button';
import { FormError, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useRequireAuth } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { elapsedMs, focusSwap, useLiveAction, useNow } from '@/lib/live';
import { PendingBadge } from '@/components/offline/pending-mark';
import { useBreakTypes, useEndBreak, useLiveBreak, useRevalidateBreaks, useStartBreak, type LiveBreak } from '../api/breaks';
import { formatElapsed, formatMinutes } from '../utils/time';
import { breakTypeLabel, breakTypeOptions } from '../utils/break-type-label';

// The note of a break run past the longest one comes just after the first screen, with the document's limit it reads
// (src/lib/api-rules.ts stays out of the first load).
const LiveBreakTooLong = lazy(() => import('./live-break-too-long').then((m) => ({ default: m.LiveBreakTooLong })));

const LAST_TYPE_KEY = 'breaktime.lastBreakType';

/** Starting a break swaps the start form for the end button, and ending it swaps them back. */
const swap = focusSwap();

function lastType(): string {
  try {
    return localStorage.getItem(LAST_TYPE_KEY) ?? '';
  } catch {
    return '';
  }
}

function RunningTimer({ since }: { since: string }) {
  const { t } = useTranslation();
  const elapsed = elapsedMs(since, useNow(1000));
  return (
    <>
      <p role="timer" aria-live="off" aria-label={t('breaks.live.timer')} className="font-mono text-5xl font-bold tracking-tight tabular-nums sm:text-6xl">
        {formatElapsed(elapsed)}
      </p>
      <Suspense fallback={null}>
        <LiveBreakTooLong elapsed={elapsed} />
      </Suspense>
    </>
  );
}

function OnBreak({ current }: { current: LiveBreak }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { trigger, isMutating } = useEndBreak();
  const { error, run } = useLiveAction(swap, 'Ending the break', t('breaks.live.endFailed'), useRevalidateBreaks());
  const endRef = swap.useFocus<HTMLButtonElement>();

  const end = () =>
    run(async () => {
      const ended = await trigger(current);
      if (ended.queued)
        toast.show({ title: t('breaks.live.endedTitle'), message: t('breaks.live.endedQueued', { type: breakTypeLabel(current.type) }), variant: 'info' });
      else
        toast.show({
          title: t('breaks.live.endedTitle'),
          message: t('breaks.live.endedMessage', { type: breakTypeLabel(ended.data.type), duration: formatMinutes(ended.data.duration) }),
          variant: 'success',
        });
    });

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div>
        <LiveStatus tone="text-amber-700 dark:text-amber-400">{t('breaks.live.onBreak')}</LiveStatus>
        <p className="mt-1 text-lg font-semibold">{breakTypeLabel(current.type)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {current.reason
            ? t('breaks.live.sinceWithReason', { time: formatTime(current.startTime), reason: current.reason })
            : t('breaks.live.since', { time: formatTime(current.startTime) })}
        </p>
      </div>
      <RunningTimer since={current.since} />
      {current.pending && <PendingBadge item={current.pending} />}
      <Button ref={endRef} variant="danger" block onClick={end} disabled={isMutating} className="min-h-16 max-w-md text-lg">
        {isMutating ? t('breaks.live.ending') : t('breaks.live.end')}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}

/** The start form; `pending` while the current break is still loading (same layout, so nothing shifts). */
function StartBreak({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { types } = useBreakTypes();
  const { trigger, isMutating } = useStartBreak();
  const { error, run } = useLiveAction(swap, 'Starting the break', t('breaks.live.startFailed'), useRevalidateBreaks());
  const [chosen, setChosen] = useState(lastType);
  const [reason, setReason] = useState('');
  const type = types.includes(chosen) ? chosen : (types[0] ?? '');
  const startRef = swap.useFocus<HTMLButtonElement>();

  const start = async () => {
    if (!requireAuth()) return;
    await run(async () => {
      const started = await trigger({ type, reason: reason.trim() });
      if (started.queued)
        toast.show({
          title: t('breaks.live.startedTitle'),
          message: t('breaks.live.startedQueued'),
          variant: 'info',
        });
      setReason('');
      try {
        localStorage.setItem(LAST_TYPE_KEY, type);
      } catch {
        // Private mode: the next visit simply starts from the first type.
      }
    });
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t('breaks.form.type')}
          options={breakTypeOptions(types)}
          value={type}
          disabled={pending}
          onChange={(event) => setChosen(event.target.value)}
        />
        <Input
          label={t('breaks.live.reason')}
          value={reason}
          // The document sets no limit on a live break's reason (LiveBreakInput); the field takes what an added
          // break's does (BreakCreate, in the break form's chunk: src/lib/api-rules.ts stays out of the first load).
          maxLength={2000}
          disabled={pending}
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !pending) void start();
          }}
        />
      </div>
      <Button ref={startRef} block onClick={start} disabled={pending || isMutating || !type} className="min-h-16 text-lg">
        {isMutating ? t('breaks.live.starting') : t('breaks.live.start')}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}

/** The phone user's main action: start a live break, watch it run, end it. */
export function LiveBreakCard() {
  const { t } = useTranslation();
  const { live: current, isLoading } = useLiveBreak();
  return (
    <LiveCard
      accent="border-amber-400 dark:border-amber-500"
      heading={<h2 className="visually-hidden">{t('breaks.live.title')}</h2>}
      running={current && <OnBreak current={current} />}
      start={<StartBreak pending={isLoading} />}
      loading={isLoading}
      pulse
    />
  );
}

/**
 * "Take a break" on the working-time card: starts a live break at once, of the type last taken (else the team's
 * first), as the start form below would; the live break card then shows it running, its End button focused.
 */
export function TakeBreakButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const requireAuth = useRequireAuth();
  const toast = useToast();
  const { types } = useBreakTypes();
  const { trigger, isMutating } = useStartBreak();
  const { error, run } = useLiveAction(swap, 'Starting the break', t('breaks.live.startFailed'), useRevalidateBreaks());
  const chosen = lastType();
  const type = types.includes(chosen) ? chosen : (types[0] ?? '');

  const start = async () => {
    if (!requireAuth()) return;
    await run(async () => {
      const started = await trigger({ type, reason: '' });
      if (started.queued) toast.show({ title: t('breaks.live.startedTitle'), message: t('breaks.live.startedQueued'), variant: 'info' });
    });
  };

  return (
    <>
      <Button onClick={start} disabled={isMutating || !type} className={className}>
        {isMutating ? t('breaks.live.starting') : t('breaks.live.takeBreak')}
      </Button>
      <FormError>{error}</FormError>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-error';
import { useRequireAuth } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { PendingBadge } from '@/components/offline/pending-mark';
import { useBreakTypes, useEndBreak, useLiveBreak, useRevalidateBreaks, useStartBreak, type LiveBreak } from '../api/breaks';
import { formatElapsed, formatMinutes, MAX_BREAK_MINUTES } from '../utils/time';
import { breakTypeLabel, breakTypeOptions } from '../utils/break-type-label';

const LAST_TYPE_KEY = 'breaktime.lastBreakType';

/**
 * Starting a break swaps the start form for the end button, and ending it swaps them back: the button that had focus
 * is gone. Set by the one that was pressed, so the button that takes its place takes focus too (not on a page load).
 */
let focusAfterSwap = false;

/** Focuses the element once as it mounts, when the card has just swapped its content. */
function useFocusAfterSwap<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!focusAfterSwap) return;
    focusAfterSwap = false;
    ref.current?.focus();
  }, []);
  return ref;
}

function lastType(): string {
  try {
    return localStorage.getItem(LAST_TYPE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Ticks every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function RunningTimer({ since }: { since: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const started = Date.parse(since);
  const elapsed = Number.isNaN(started) ? 0 : now - started;
  return (
    <>
      <p role="timer" aria-live="off" aria-label={t('breaks.live.timer')} className="font-mono text-5xl font-bold tracking-tight tabular-nums sm:text-6xl">
        {formatElapsed(elapsed)}
      </p>
      {elapsed > MAX_BREAK_MINUTES * 60_000 && <p className="text-sm text-amber-800 dark:text-amber-300">{t('breaks.live.tooLong')}</p>}
    </>
  );
}

function OnBreak({ current }: { current: LiveBreak }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { trigger, isMutating } = useEndBreak();
  const revalidate = useRevalidateBreaks();
  const [error, setError] = useState<string>();
  const endRef = useFocusAfterSwap<HTMLButtonElement>();

  const end = async () => {
    setError(undefined);
    focusAfterSwap = true;
    try {
      const ended = await trigger(current);
      if (ended.queued)
        toast.show({ title: t('breaks.live.endedTitle'), message: t('breaks.live.endedQueued', { type: breakTypeLabel(current.type) }), variant: 'info' });
      else
        toast.show({
          title: t('breaks.live.endedTitle'),
          message: t('breaks.live.endedMessage', { type: breakTypeLabel(ended.data.type), duration: formatMinutes(ended.data.duration) }),
          variant: 'success',
        });
    } catch (failure) {
      focusAfterSwap = false;
      console.error('Ending the break failed', failure);
      setError(errorMessage(failure, t('breaks.live.endFailed')));
      // It may have been ended elsewhere (another tab or device): show what the server has now.
      void revalidate();
    }
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div>
        <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400">{t('breaks.live.onBreak')}</p>
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
  const revalidate = useRevalidateBreaks();
  const [chosen, setChosen] = useState(lastType);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const type = types.includes(chosen) ? chosen : (types[0] ?? '');
  const startRef = useFocusAfterSwap<HTMLButtonElement>();

  const start = async () => {
    if (!requireAuth()) return;
    setError(undefined);
    focusAfterSwap = true;
    try {
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
    } catch (failure) {
      focusAfterSwap = false;
      console.error('Starting the break failed', failure);
      setError(errorMessage(failure, t('breaks.live.startFailed')));
      // It may have been started elsewhere (another tab or device): show what the server has now.
      void revalidate();
    }
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
    <Card className={current ? 'border-t-4 border-amber-400 dark:border-amber-500' : undefined}>
      <h2 className="visually-hidden">{t('breaks.live.title')}</h2>
      {current ? (
        <OnBreak current={current} />
      ) : (
        // While loading, the start form shows disabled in its place: the common case draws without a shift.
        <div aria-busy={isLoading || undefined} className={isLoading ? 'animate-pulse' : undefined}>
          <StartBreak pending={isLoading} />
        </div>
      )}
    </Card>
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
  const revalidate = useRevalidateBreaks();
  const [error, setError] = useState<string>();
  const chosen = lastType();
  const type = types.includes(chosen) ? chosen : (types[0] ?? '');

  const start = async () => {
    if (!requireAuth()) return;
    setError(undefined);
    focusAfterSwap = true;
    try {
      const started = await trigger({ type, reason: '' });
      if (started.queued) toast.show({ title: t('breaks.live.startedTitle'), message: t('breaks.live.startedQueued'), variant: 'info' });
    } catch (failure) {
      focusAfterSwap = false;
      console.error('Starting the break failed', failure);
      setError(errorMessage(failure, t('breaks.live.startFailed')));
      void revalidate();
    }
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

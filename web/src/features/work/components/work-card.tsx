import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LiveCard, LiveStatus } from '@/components/live-card';
import { PendingBadge } from '@/components/offline/pending-mark';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useRequireAuth } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { elapsedMs, focusSwap, useLiveAction, useNow } from '@/lib/live';
import type { DaySummary } from '../api/rules-api';
import { useEndWork, useLiveWork, useRevalidateWork, useStartWork, type LiveWork } from '../api/work';
import { formatWorked } from '@/lib/minutes';

// Today's, this week's and the balance's figures load after the card (they are not the phone's first action).
const WorkFigures = lazy(() => import('./work-figures').then((module) => ({ default: module.WorkFigures })));
// The team's break and rest rules while on the clock: loaded only when the team has rules (`guard` is sent).
const GuardNotice = lazy(() => import('./guard-notice').then((module) => ({ default: module.GuardNotice })));
// The day's summary under the team's rules, shown once at clock-out.
const ClockOutDialog = lazy(() => import('./clock-out-dialog').then((module) => ({ default: module.ClockOutDialog })));

/** Clocking in swaps Start work for End work, and clocking out swaps them back. */
const swap = focusSwap();

/** The minutes since the answer (or the queued tap), ticking every minute; none while on a break. */
function useWorkedNow(live: LiveWork, onBreak: boolean): number {
  const now = useNow(60_000);
  const [answeredAt, setAnsweredAt] = useState(() => Date.now());
  // A new answer of the server counts from the moment it came (the same answer read again changes nothing).
  const answer = `${live.since}|${live.workedMinutes}`;
  const [seen, setSeen] = useState(answer);
  if (seen !== answer) {
    setSeen(answer);
    setAnsweredAt(Date.now());
  }
  if (live.pending) return Math.max(0, Math.floor(elapsedMs(live.since, now) / 60_000));
  return live.workedMinutes + (onBreak ? 0 : Math.max(0, Math.floor((now - answeredAt) / 60_000)));
}

export interface WorkCardProps {
  /** Whether a live break runs now (the time worked stands still meanwhile). */
  onBreak?: boolean;
  /** The control that starts a live break ("Take a break"), shown while on the clock and not on a break. */
  breakAction?: ReactNode;
  /** Opens the add-break form for a date (the clock-out summary's "Add a break"). */
  onAddBreak?: (date: string) => void;
}

interface Ended {
  date: string;
  summary: DaySummary;
}

function OnTheClock({ live, onBreak, breakAction, onEnded }: { live: LiveWork; onBreak: boolean; breakAction?: ReactNode; onEnded: (ended: Ended) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { trigger, isMutating } = useEndWork();
  const { error, run } = useLiveAction(swap, 'Clocking out', t('work.card.endFailed'), useRevalidateWork());
  const endRef = swap.useFocus<HTMLButtonElement>();
  const worked = useWorkedNow(live, onBreak);

  const end = () =>
    run(async () => {
      const ended = await trigger(live);
      const summary = ended.queued ? undefined : ended.data.summary;
      if (summary) {
        onEnded({ date: ended.queued ? live.date : ended.data.date, summary });
        return;
      }
      toast.show({
        title: t('work.card.endedTitle'),
        message: ended.queued ? t('work.card.endedQueued') : t('work.card.endedMessage', { duration: formatWorked(ended.data.minutes) }),
        variant: ended.queued ? 'info' : 'success',
      });
    });

  return (
    <div className="space-y-3">
      <div>
        <LiveStatus tone="text-emerald-800 dark:text-emerald-300">{t('work.card.onTheClock')}</LiveStatus>
        <p className="mt-1 text-lg font-semibold" aria-live="off">
          {t('work.card.since', { time: formatTime(live.startTime), worked: formatWorked(worked) })}
        </p>
        {live.pending && <PendingBadge item={live.pending} className="mt-1" />}
      </div>
      {live.guard && (
        <Suspense fallback={null}>
          <GuardNotice guard={live.guard} onBreak={onBreak} />
        </Suspense>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        {!onBreak && breakAction}
        <Button ref={endRef} variant="secondary" onClick={end} disabled={isMutating} className="min-h-12 sm:flex-1">
          {isMutating ? t('work.card.ending') : t('work.card.end')}
        </Button>
      </div>
      <FormError>{error}</FormError>
    </div>
  );
}

function OffTheClock({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const requireAuth = useRequireAuth();
  const { trigger, isMutating } = useStartWork();
  const { error, run } = useLiveAction(swap, 'Clocking in', t('work.card.startFailed'), useRevalidateWork());
  const startRef = swap.useFocus<HTMLButtonElement>();

  const start = async () => {
    if (!requireAuth()) return;
    await run(async () => {
      const started = await trigger();
      if (started.queued) toast.show({ title: t('work.card.startedTitle'), message: t('work.card.startedQueued'), variant: 'info' });
    });
  };

  return (
    <div className="space-y-3">
      <Button ref={startRef} block onClick={start} disabled={pending || isMutating} className="min-h-14 text-lg">
        {isMutating ? t('work.card.starting') : t('work.card.start')}
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}

/** The Dashboard's working-time control, above the live break: clock in, take a break, clock out. */
export function WorkCard({ onBreak = false, breakAction, onAddBreak }: WorkCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { live, isLoading } = useLiveWork();
  const [ended, setEnded] = useState<Ended | null>(null);
  const revalidate = useRevalidateWork();
  const wasOnBreak = useRef(onBreak);
  // A break started or ended changes the time worked: read it again.
  useEffect(() => {
    if (wasOnBreak.current !== onBreak) void revalidate();
    wasOnBreak.current = onBreak;
  }, [onBreak, revalidate]);

  return (
    <LiveCard
      accent="border-emerald-500"
      labelledBy={headingId}
      heading={
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {t('work.card.title')}
          </h2>
          <Link
            to={paths.workingTime}
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
          >
            {t('work.card.details')}
          </Link>
        </div>
      }
      running={live && <OnTheClock live={live} onBreak={onBreak} breakAction={breakAction} onEnded={setEnded} />}
      start={<OffTheClock pending={isLoading} />}
      loading={isLoading}
    >
      <Suspense fallback={<div className="mt-4 min-h-16" />}>
        <WorkFigures />
      </Suspense>
      {ended && (
        <Suspense fallback={null}>
          <ClockOutDialog
            date={ended.date}
            summary={ended.summary}
            onAddBreak={
              onAddBreak
                ? () => {
                    setEnded(null);
                    onAddBreak(ended.date);
                  }
                : undefined
            }
            onClose={() => setEnded(null)}
          />
        </Suspense>
      )}
    </LiveCard>
  );
}

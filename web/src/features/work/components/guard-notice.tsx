import { useEffect, useState } from 'react';
import type { LiveGuard } from '../api/rules-api';
import { breakCountdown } from '../utils/guard';

/** The time now, read again each minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The team's rules while on the clock: how long until the next break is due (ticking each minute), and the rest
 * notice of a start after too short a rest. Warnings only: nothing is refused.
 */
export function GuardNotice({ guard, onBreak }: { guard?: LiveGuard | null; onBreak: boolean }) {
  const now = useMinuteClock();
  const countdown = onBreak ? undefined : breakCountdown(guard, now);
  if (!countdown && !guard?.rest) return null;
  return (
    <div className="space-y-2">
      {countdown && (
        <p
          className={
            countdown.due
              ? 'inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100'
              : 'text-sm font-medium text-slate-700 dark:text-slate-300'
          }
        >
          {countdown.text}
        </p>
      )}
      {guard?.rest && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {guard.rest.message}
        </p>
      )}
    </div>
  );
}

import { t } from '@/lib/i18n';
import type { LiveGuard } from '../api/rules-api';
import { formatWorked } from '@/lib/minutes';

/** The whole minutes until `at` (rounded up, so "in 1 min" until it is due), or 0 once it is due; none without a time. */
export function minutesUntil(at: string | null | undefined, now: number): number | undefined {
  if (!at) return undefined;
  const due = Date.parse(at);
  if (Number.isNaN(due)) return undefined;
  return Math.max(0, Math.ceil((due - now) / 60_000));
}

/**
 * The card's line about the next break: "Break due now" when the server says so or the time has come, "Break due in
 * 42 min" before, nothing when no break lies ahead (preset none, or every break taken).
 */
export function breakCountdown(guard: LiveGuard | null | undefined, now: number): { due: boolean; text: string } | undefined {
  if (!guard) return undefined;
  if (guard.breakDue) return { due: true, text: t('work.guard.dueNow') };
  const minutes = minutesUntil(guard.nextBreakAt, now);
  if (minutes === undefined) return undefined;
  if (minutes === 0) return { due: true, text: t('work.guard.dueNow') };
  return { due: false, text: t('work.guard.dueIn', { duration: formatWorked(minutes) }) };
}

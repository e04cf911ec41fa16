import { daysBetweenIso } from '@/lib/iso-date';

/** Spec §5: 1 when both dates are the same day, otherwise the inclusive count; undefined without two valid dates. */
export function leaveDays(fromDate: string, toDate: string): number | undefined {
  const between = daysBetweenIso(fromDate, toDate);
  if (between === undefined || between < 0) return undefined;
  return between + 1;
}

export const formatDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);

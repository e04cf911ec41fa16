import { daysBetweenIso } from '@/lib/iso-date';
import type { HalfDay, Leave } from '../api/types';

/** Spec §5: 1 when both dates are the same day, otherwise the inclusive count; undefined without two valid dates. */
export function leaveDays(fromDate: string, toDate: string): number | undefined {
  const between = daysBetweenIso(fromDate, toDate);
  if (between === undefined || between < 0) return undefined;
  return between + 1;
}

export const formatDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** A number of days as the balances show it: whole numbers as they are, halves with one decimal ('19.5', '-1'). */
export const dayNumber = (days: number) => String(Math.round(days * 10) / 10);

/** '1 working day', '3 working days', '0.5 working days'. */
export const formatWorkingDays = (days: number) => `${dayNumber(days)} ${days === 1 ? 'working day' : 'working days'}`;

/** '1 day', '19.5 days', '-1 days' (a balance). */
export const formatDayCount = (days: number) => `${dayNumber(days)} ${days === 1 ? 'day' : 'days'}`;

export const halfDayLabels: Record<HalfDay, string> = { am: 'Morning', pm: 'Afternoon' };

/**
 * How long a leave is, for the lists: always its calendar days first (the specification's `days`), then what it takes
 * of the allowance when the server counted it ('4 days · 2 working days', '1 day · half day (morning)'); the calendar
 * days alone on older leaves.
 */
export function leaveLength(leave: Pick<Leave, 'days' | 'halfDay' | 'workingDays'>): string {
  if (leave.halfDay) return `${formatDays(leave.days)} · half day (${halfDayLabels[leave.halfDay].toLowerCase()})`;
  const working = leave.workingDays;
  if (working === undefined || working === null) return formatDays(leave.days);
  return `${formatDays(leave.days)} · ${formatWorkingDays(working)}`;
}

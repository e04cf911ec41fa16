import { formatNumber } from '@/lib/format';
import { t } from '@/lib/i18n';
import { daysBetweenIso } from '@/lib/iso-date';
import type { HalfDay, Leave } from '../api/types';

/** Spec §5: 1 when both dates are the same day, otherwise the inclusive count; undefined without two valid dates. */
export function leaveDays(fromDate: string, toDate: string): number | undefined {
  const between = daysBetweenIso(fromDate, toDate);
  if (between === undefined || between < 0) return undefined;
  return between + 1;
}

/** The number that picks the plural form: a balance below zero takes the plural ('-1 days'), as the specification writes it. */
const pluralOf = (days: number) => (days < 0 ? 2 : days);

/** A number of days as the balances show it: whole numbers as they are, halves with one decimal ('19.5', '-1'; '19,5' in German). */
export const dayNumber = (days: number) => formatNumber(Math.round(days * 10) / 10);

/** '1 day', '3 days'. */
export const formatDays = (days: number) => t('leaves.days.count', { count: pluralOf(days), value: dayNumber(days) });

/** '1 working day', '3 working days', '0.5 working days'. */
export const formatWorkingDays = (days: number) => t('leaves.days.working', { count: pluralOf(days), value: dayNumber(days) });

/** '1 day', '19.5 days', '-1 days' (a balance). */
export const formatDayCount = formatDays;

/** 'Morning' or 'Afternoon'. */
export const halfDayLabel = (half: HalfDay) => t(`leaves.days.halfDay.${half}`);

/**
 * How long a leave is, for the lists: always its calendar days first (the specification's `days`), then what it takes
 * of the allowance when the server counted it ('4 days · 2 working days', '1 day · half day (morning)'); the calendar
 * days alone on older leaves.
 */
export function leaveLength(leave: Pick<Leave, 'days' | 'halfDay' | 'workingDays'>): string {
  if (leave.halfDay) return t(`leaves.days.lengthHalf.${leave.halfDay}`, { days: formatDays(leave.days) });
  const working = leave.workingDays;
  if (working === undefined || working === null) return formatDays(leave.days);
  return t('leaves.days.lengthWorking', { days: formatDays(leave.days), working: formatWorkingDays(working) });
}

import { todayIso } from '@/lib/format';
import { t } from '@/lib/i18n';
import { addDaysIso } from '@/lib/iso-date';

/** 192 -> '3 h 12', 45 -> '45 min', 480 -> '8 h' (in the person's language). */
export function formatWorked(total: number): string {
  const minutes = Math.abs(Math.round(total));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('work.duration.minutes', { minutes: rest });
  return rest === 0 ? t('work.duration.hours', { hours }) : t('work.duration.hoursMinutes', { hours, minutes: String(rest).padStart(2, '0') });
}

/** A difference with its sign: '+1 h 05', '−30 min', '0 min'. */
export function formatDifference(total: number): string {
  const sign = total > 0 ? '+' : total < 0 ? '−' : '';
  return `${sign}${formatWorked(total)}`;
}

/** The colour of a difference: green ahead, red behind (contrast checked in both themes). */
export const differenceClass = (total: number) =>
  total > 0 ? 'text-emerald-700 dark:text-emerald-400' : total < 0 ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300';

/** Monday of the week of `iso` (the app's four languages start the week on Monday). */
export function mondayOf(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return addDaysIso(iso, -weekday);
}

/** This month, 'YYYY-MM'. */
export const thisMonth = (now: Date = new Date()) => todayIso(now).slice(0, 7);

/** First and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before or after 'YYYY-MM'. */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + months, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'HH:MM' from minutes of a weekday's target (480 -> '8:00'), and back. */
export const hoursText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
export function parseHours(text: string): number | undefined {
  const match = /^\s*(\d{1,2})(?:[:h]\s*(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2] ?? 0);
  return Number(match[2] ?? 0) < 60 && minutes <= 1440 ? minutes : undefined;
}

import { t } from '@/lib/i18n';

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

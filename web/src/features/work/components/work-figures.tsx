import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useWorkBalance } from '../api/work';
import { differenceClass, formatDifference, formatWorked } from '@/lib/minutes';

/*
 * Three tiles side by side where the card is 32rem wide; narrower (a phone), one row each, the name first and the
 * figures after it. Side by side on a phone, French's "HEURES SUPPLÉMENTAIRES" overflowed its tile and the page
 * scrolled sideways, and German broke "5 Std. 51 Min." between the number and its unit.
 */
const tile = 'flex min-w-0 flex-wrap items-baseline justify-end gap-x-3 gap-y-0.5 rounded-lg bg-slate-50 px-3 py-2 @lg:block @lg:p-3 dark:bg-slate-800/60';
/** A long word breaks rather than leaving its tile. */
const term = 'mr-auto text-xs font-semibold tracking-wide wrap-break-word text-slate-600 uppercase @lg:mr-0 dark:text-slate-300';
/** A figure stays whole: its number and unit on one line. */
const value = 'tabular-nums whitespace-nowrap';

function Figure({ label, worked, target, difference }: { label: string; worked: number; target?: number; difference: number }) {
  const { t } = useTranslation();
  return (
    <div className={tile}>
      <dt className={term}>{label}</dt>
      <dd className={cn('font-semibold', value, '@lg:mt-1')}>{formatWorked(worked)}</dd>
      {target !== undefined && (
        <dd className={cn('text-xs text-slate-600 dark:text-slate-300', value)}>{t('work.figures.ofTarget', { target: formatWorked(target) })}</dd>
      )}
      <dd className={cn('text-sm font-medium', value, differenceClass(difference))}>{formatDifference(difference)}</dd>
    </div>
  );
}

/** Today, this week and the overtime balance (one read: the balance carries today's and the week's figures). */
export function WorkFigures() {
  const { t } = useTranslation();
  const { data, error } = useWorkBalance();
  if (error) return <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t('work.figures.loadError')}</p>;
  if (!data) return <div className="mt-4 min-h-16" aria-busy="true" />;
  return (
    <div className="@container mt-4">
      <dl className="grid grid-cols-1 gap-2 @lg:grid-cols-3" aria-label={t('work.figures.label')}>
        <Figure label={t('work.figures.today')} worked={data.today.worked} target={data.today.target} difference={data.today.difference} />
        <Figure label={t('work.figures.week')} worked={data.week.worked} target={data.week.target} difference={data.week.difference} />
        <div className={tile}>
          <dt className={term}>{t('work.figures.balance')}</dt>
          <dd className={cn('font-semibold', value, '@lg:mt-1', differenceClass(data.balance))}>{formatDifference(data.balance)}</dd>
        </div>
      </dl>
    </div>
  );
}

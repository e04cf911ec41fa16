import { useTranslation } from 'react-i18next';
import { useWorkBalance } from '../api/work';
import { differenceClass, formatDifference, formatWorked } from '../utils/minutes';

function Figure({ label, worked, target, difference }: { label: string; worked: number; target?: number; difference: number }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">{label}</dt>
      <dd className="mt-1 font-semibold tabular-nums">{formatWorked(worked)}</dd>
      {target !== undefined && <dd className="text-xs text-slate-600 dark:text-slate-300">{t('work.figures.ofTarget', { target: formatWorked(target) })}</dd>}
      <dd className={`text-sm font-medium tabular-nums ${differenceClass(difference)}`}>{formatDifference(difference)}</dd>
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
    <dl className="mt-4 grid grid-cols-1 gap-2 min-[360px]:grid-cols-3" aria-label={t('work.figures.label')}>
      <Figure label={t('work.figures.today')} worked={data.today.worked} target={data.today.target} difference={data.today.difference} />
      <Figure label={t('work.figures.week')} worked={data.week.worked} target={data.week.target} difference={data.week.difference} />
      <div className="min-w-0 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
        <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">{t('work.figures.balance')}</dt>
        <dd className={`mt-1 font-semibold tabular-nums ${differenceClass(data.balance)}`}>{formatDifference(data.balance)}</dd>
      </div>
    </dl>
  );
}

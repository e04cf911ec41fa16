import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { t as translate } from '@/lib/i18n';
import { useBalance, type Balance } from '../api/balances';
import { dayNumber } from '../utils/days';

/**
 * The six figures of a balance, in the order the server counts them: allowance + carried over - taken (approved,
 * before today) - planned (approved, from today on) - pending.
 */
const FIGURES = ['allowance', 'carriedOver', 'taken', 'planned', 'pending', 'remaining'] as const satisfies readonly (keyof Balance)[];

export const balanceFigures = (): readonly { key: (typeof FIGURES)[number]; label: string }[] =>
  FIGURES.map((key) => ({ key, label: translate(`leaves.balance.${key}`) }));

/**
 * The caller's balance of `year` in working days, above their leaves: six figures in a row on wide screens, wrapped
 * in columns on a phone. It reloads with the leaves after every change (see useRevalidateLeaves).
 */
export function BalanceCard({ year }: { year: number }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useBalance(year);
  const title = t('leaves.balance.title', { year });
  return (
    <section aria-label={title} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:px-6 dark:bg-slate-900 dark:ring-slate-800">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('leaves.balance.inWorkingDays')}</p>
      </div>
      {isLoading && !data ? (
        <div className="flex justify-center py-2">
          <Spinner label={t('leaves.balance.loading')} />
        </div>
      ) : error && !data ? (
        <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
          {t('leaves.balance.loadFailed')}
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : data ? (
        <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {balanceFigures().map(({ key, label }) => {
            const value = data[key];
            const remaining = key === 'remaining';
            return (
              <div
                key={key}
                className={cn(
                  'flex flex-col rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60',
                  remaining && 'bg-brand-600/10 ring-1 ring-brand-600/30 dark:bg-brand-600/20',
                )}
              >
                <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>{' '}
                <dd className={cn('text-lg font-semibold tabular-nums', remaining && value < 0 && 'text-red-700 dark:text-red-400')}>
                  {dayNumber(value)}
                </dd>{' '}
              </div>
            );
          })}
        </dl>
      ) : null}
    </section>
  );
}

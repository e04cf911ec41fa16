import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { todayIso } from '@/lib/format';
import { t as translate } from '@/lib/i18n';
import { useTeamBalances } from '../api/balances';
import type { Balance } from '../api/types';
import { dayNumber } from '../utils/days';
import { AllowanceDialog } from './allowance-dialog';
import { balanceFigures } from './balance-card';

const memberName = (balance: Balance) => balance.name || translate('leaves.balances.someone');

/** A figure's cell: a column of the table on wide screens, a labelled figure of the member's card on a phone. */
const figureCell =
  'px-2 py-2 text-right tabular-nums @max-4xl:flex @max-4xl:flex-col @max-4xl:p-0 @max-4xl:text-left @max-4xl:text-base @max-4xl:font-semibold @max-4xl:before:text-xs @max-4xl:before:font-normal @max-4xl:before:text-slate-600 @max-4xl:before:content-[attr(data-label)] dark:@max-4xl:before:text-slate-400';

export interface BalancesSectionProps {
  /** Admins may change a member's allowance for the shown year; HR only reads. */
  canEdit: boolean;
}

/**
 * Every member's balance of a year for admins and HR (in the Admin Panel), this year first: a table on wide screens,
 * a card per member on a phone. Admins set a member's allowance for the shown year. The table's roles are written out
 * because on a phone its rows are laid out as cards (display grid), which drops them in some browsers.
 */
export function BalancesSection({ canEdit }: BalancesSectionProps) {
  const { t } = useTranslation();
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const { data, error, isLoading } = useTeamBalances(year, true);
  const [editing, setEditing] = useState<Balance | null>(null);
  const rows = data ?? [];
  const title = t('leaves.balances.tableLabel', { year });
  const figures = balanceFigures();

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('leaves.balances.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{canEdit ? t('leaves.balances.intro') : t('leaves.balances.introReadOnly')}</p>
        </div>
        <div role="group" aria-label={t('leaves.balances.year')} className="flex flex-wrap items-center gap-1">
          <Button variant="secondary" size="sm" aria-label={t('a11y.previousYear', { year: year - 1 })} onClick={() => setYear((y) => y - 1)}>
            ‹ {year - 1}
          </Button>
          <span aria-live="polite" className="min-w-16 text-center text-base font-semibold tabular-nums">
            <span className="visually-hidden">{t('leaves.balances.showing')} </span>
            {year}
          </span>
          <Button variant="secondary" size="sm" aria-label={t('a11y.nextYear', { year: year + 1 })} onClick={() => setYear((y) => y + 1)}>
            {year + 1} ›
          </Button>
          {year !== thisYear && (
            <Button variant="ghost" size="sm" onClick={() => setYear(thisYear)}>
              {t('leaves.balances.thisYear')}
            </Button>
          )}
        </div>
      </div>
      {isLoading && !data ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('leaves.balances.loading')} />
        </div>
      ) : error && !data ? (
        <FormError>{errorMessage(error, t('leaves.balances.loadFailed'))}</FormError>
      ) : rows.length === 0 ? (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-400">{t('leaves.balances.empty')}</p>
      ) : (
        // The card's own width decides (beside the sidebar and the docked chat a desk's page is narrow): a table
        // of six figures and the action when it has room, one card per member when it has not.
        <div className="@container">
          <table role="table" aria-label={title} className="w-full text-left text-sm @max-4xl:block">
            <thead role="rowgroup" className="@max-4xl:visually-hidden">
              <tr role="row" className="border-b border-slate-200 dark:border-slate-700">
                <th role="columnheader" scope="col" className="px-2 py-2 font-semibold text-slate-600 dark:text-slate-300">
                  {t('leaves.balances.member')}
                </th>
                {figures.map(({ key, label }) => (
                  <th role="columnheader" key={key} scope="col" className="px-2 py-2 text-right font-semibold text-slate-600 dark:text-slate-300">
                    {label}
                  </th>
                ))}
                {canEdit && (
                  <th role="columnheader" scope="col" className="px-2 py-2">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody role="rowgroup" className="@max-4xl:block @max-4xl:space-y-3">
              {rows.map((balance) => {
                const name = memberName(balance);
                return (
                  <tr
                    role="row"
                    key={balance.userId}
                    className="border-b border-slate-100 align-middle @max-4xl:grid @max-4xl:grid-cols-3 @max-4xl:gap-x-3 @max-4xl:gap-y-2 @max-4xl:rounded-xl @max-4xl:border-0 @max-4xl:p-3 @max-4xl:ring-1 @max-4xl:ring-slate-200 dark:border-slate-800 @max-4xl:dark:ring-slate-800"
                  >
                    <th role="rowheader" scope="row" className="px-2 py-2 font-semibold break-words @max-4xl:col-span-3 @max-4xl:p-0 @max-4xl:text-base">
                      {name}
                    </th>
                    {figures.map(({ key, label }) => (
                      <td
                        role="cell"
                        key={key}
                        data-label={label}
                        className={cn(
                          figureCell,
                          key === 'remaining' && 'font-semibold',
                          key === 'remaining' && balance[key] < 0 && 'text-red-700 dark:text-red-400',
                        )}
                      >
                        {dayNumber(balance[key])}
                      </td>
                    ))}
                    {canEdit && (
                      <td role="cell" className="py-1 pr-0 pl-2 text-right @max-4xl:col-span-3 @max-4xl:p-0">
                        <Button
                          variant="secondary"
                          size="compact"
                          aria-label={t('leaves.balances.editLabel', { name })}
                          onClick={() => setEditing(balance)}
                          className="whitespace-nowrap @max-4xl:w-full"
                        >
                          {t('leaves.balances.edit')}
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {editing && <AllowanceDialog key={editing.userId} balance={editing} name={memberName(editing)} onClose={() => setEditing(null)} />}
    </Card>
  );
}

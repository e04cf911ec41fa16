import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-error';
import { safeColor } from '@/lib/color';
import { cn } from '@/lib/cn';
import { fetchLeaveDaysCsv, leaveReportFileName, useLeaveDaysReport } from '../api/leave-report';
import type { DateRange } from '../utils/date-range';
import { saveCsv } from '@/lib/download';
import { dayFigure, pivotLeaveReport, type ReportFigure } from '../utils/leave-report';
import { leaveTypeName } from '@/lib/type-names';

/** A figure's cell: a column of the table on wide screens, a labelled figure of the member's card on a phone. */
const figureCell =
  'px-3 py-2 text-right tabular-nums max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-3 max-md:p-0 max-md:before:text-sm max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] dark:max-md:before:text-slate-400';

function Figure({ figure }: { figure: ReportFigure | undefined }) {
  const { t } = useTranslation();
  if (!figure) return <span className="text-slate-400 dark:text-slate-500">–</span>;
  const calendar = figure.days === figure.workingDays ? undefined : t('archives.leaveDays.calendarDays', { count: figure.days, days: dayFigure(figure.days) });
  return <span title={calendar}>{dayFigure(figure.workingDays)}</span>;
}

/**
 * Approved leave over the archives' range, in working days, per member and type, with totals (members see their own,
 * admins and HR the team's), and its CSV. A table on wide screens, a card per member on a phone; the roles are written
 * out because the phone's cards drop them in some browsers.
 */
export function LeaveDaysSection({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data, error, isLoading } = useLeaveDaysReport(range);
  const [downloading, setDownloading] = useState(false);
  const title = t('archives.leaveDays.title');
  const totalLabel = t('archives.leaveDays.total');

  const download = async () => {
    setDownloading(true);
    try {
      saveCsv(await fetchLeaveDaysCsv(range), leaveReportFileName(range));
    } catch (failure) {
      console.error('Downloading the leave days CSV failed', failure);
      toast.show({ title: t('archives.errors.title'), message: t('archives.errors.download'), variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const pivot = data ? pivotLeaveReport(data) : undefined;

  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('archives.leaveDays.description')}</p>
        </div>
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? t('archives.records.preparing') : t('archives.leaveDays.download')}
        </Button>
      </div>
      {error && !data ? (
        <FormError>{errorMessage(error, t('archives.leaveDays.loadError'))}</FormError>
      ) : isLoading && !data ? (
        <Spinner label={t('archives.leaveDays.loading')} />
      ) : !pivot || pivot.members.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600 dark:text-slate-400">{t('archives.leaveDays.empty')}</p>
      ) : (
        <div className="relative -m-1 overflow-x-auto p-1">
          <table role="table" aria-label={title} className="w-full text-left text-sm max-md:block">
            <thead role="rowgroup" className="max-md:visually-hidden">
              <tr role="row" className="border-b border-slate-200 dark:border-slate-700">
                <th role="columnheader" scope="col" className="px-3 py-2 font-semibold text-slate-600 dark:text-slate-300">
                  {t('archives.leaveDays.member')}
                </th>
                {pivot.columns.map((column) => (
                  <th role="columnheader" key={column.id} scope="col" className="px-3 py-2 text-right font-semibold text-slate-600 dark:text-slate-300">
                    <span className="inline-flex items-center gap-1.5">
                      {safeColor(column.color) && (
                        <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ backgroundColor: safeColor(column.color) }} />
                      )}
                      {leaveTypeName(column.name)}
                    </span>
                  </th>
                ))}
                <th role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold text-slate-600 dark:text-slate-300">
                  {totalLabel}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className="max-md:block max-md:space-y-3">
              {pivot.members.map((line) => (
                <tr
                  role="row"
                  key={line.userId}
                  className="border-b border-slate-100 max-md:grid max-md:gap-1 max-md:rounded-xl max-md:border-0 max-md:p-3 max-md:ring-1 max-md:ring-slate-200 dark:border-slate-800 max-md:dark:ring-slate-800"
                >
                  <th role="rowheader" scope="row" className="px-3 py-2 font-semibold break-words max-md:p-0 max-md:text-base">
                    {line.name}
                  </th>
                  {pivot.columns.map((column) => (
                    <td role="cell" key={column.id} data-label={leaveTypeName(column.name)} className={figureCell}>
                      <Figure figure={line.byType.get(column.id)} />
                    </td>
                  ))}
                  <td role="cell" data-label={totalLabel} className={cn(figureCell, 'font-semibold')}>
                    <Figure figure={line.total} />
                  </td>
                </tr>
              ))}
            </tbody>
            {pivot.members.length > 1 && (
              <tfoot role="rowgroup" className="max-md:mt-3 max-md:block">
                <tr role="row" className="max-md:grid max-md:gap-1 max-md:rounded-xl max-md:bg-slate-50 max-md:p-3 dark:max-md:bg-slate-800/60">
                  <th role="rowheader" scope="row" className="px-3 py-2 font-semibold max-md:p-0 max-md:text-base">
                    {totalLabel}
                  </th>
                  {pivot.columns.map((column) => (
                    <td role="cell" key={column.id} data-label={leaveTypeName(column.name)} className={cn(figureCell, 'font-semibold')}>
                      <Figure figure={pivot.typeTotals.get(column.id)} />
                    </td>
                  ))}
                  <td role="cell" data-label={totalLabel} className={cn(figureCell, 'font-bold')}>
                    <Figure figure={pivot.total} />
                  </td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </Card>
  );
}

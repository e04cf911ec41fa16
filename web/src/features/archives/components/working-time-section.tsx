import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { differenceClass, formatDifference, formatWorked } from '@/lib/minutes';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { fetchWorkingTimeCsv, useWorkingTimeReport, workingTimeFileName, type WorkingTimeRow } from '../api/working-time-report';
import type { DateRange } from '../utils/date-range';
import { saveCsv } from '@/lib/download';
import { ChartFigure } from './chart-figure';

// The chart library is its own chunk, fetched when the chart's place comes near the screen.
const WorkingTimeChart = lazy(() => import('./working-time-chart'));

/** The chart's height for this many members: room for a pair of bars each, and never less than the other charts. */
const chartHeight = (members: number) => Math.max(256, 64 + members * 44);

/** A figure's cell: a column of the table on wide screens, a labelled figure of the member's card on a phone. */
const figureCell =
  'px-3 py-2 text-right tabular-nums max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-3 max-md:p-0 max-md:before:text-sm max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] dark:max-md:before:text-slate-400';

type Figures = Pick<WorkingTimeRow, 'days' | 'worked' | 'target' | 'difference'>;

function FigureCells({ figures, strong }: { figures: Figures; strong?: boolean }) {
  const { t } = useTranslation();
  const weight = strong ? 'font-semibold' : undefined;
  return (
    <>
      <td role="cell" data-label={t('archives.workingTime.days')} className={cn(figureCell, weight)}>
        {figures.days}
      </td>
      <td role="cell" data-label={t('archives.workingTime.worked')} className={cn(figureCell, weight)}>
        {formatWorked(figures.worked)}
      </td>
      <td role="cell" data-label={t('archives.workingTime.target')} className={cn(figureCell, weight)}>
        {formatWorked(figures.target)}
      </td>
      <td role="cell" data-label={t('archives.workingTime.difference')} className={cn(figureCell, weight, differenceClass(figures.difference))}>
        {formatDifference(figures.difference)}
      </td>
    </>
  );
}

/**
 * Net time worked against the target over the archives' range, per member, with the difference (overtime when
 * positive) and totals (members see their own row, admins and HR the team's), a chart of worked against target, and
 * its CSV. A table on wide screens, a card per member on a phone. The chart's text alternative names the figures; the
 * table holds them all.
 */
export function WorkingTimeSection({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data, error, isLoading } = useWorkingTimeReport(range);
  const [downloading, setDownloading] = useState(false);
  const title = t('archives.workingTime.title');
  const totalLabel = t('archives.workingTime.total');
  const rows = data && Array.isArray(data.rows) ? data.rows : [];

  const download = async () => {
    setDownloading(true);
    try {
      saveCsv(await fetchWorkingTimeCsv(range), workingTimeFileName(range));
    } catch (failure) {
      console.error('Downloading the working time CSV failed', failure);
      toast.show({ title: t('archives.errors.title'), message: t('archives.errors.download'), variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const days = rows.reduce((sum, row) => sum + row.days, 0);

  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('archives.workingTime.description')}</p>
        </div>
        <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
          {downloading ? t('archives.records.preparing') : t('archives.workingTime.download')}
        </Button>
      </div>
      {error && !data ? (
        <FormError>{errorMessage(error, t('archives.workingTime.loadError'))}</FormError>
      ) : isLoading && !data ? (
        <Spinner label={t('archives.workingTime.loading')} />
      ) : !data || rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600 dark:text-slate-400">{t('archives.workingTime.empty')}</p>
      ) : (
        <>
          <div className="relative -m-1 overflow-x-auto p-1">
            <table role="table" aria-label={title} className="w-full text-left text-sm max-md:block">
              <thead role="rowgroup" className="max-md:visually-hidden">
                <tr role="row" className="border-b border-slate-200 dark:border-slate-700">
                  <th role="columnheader" scope="col" className="px-3 py-2 font-semibold text-slate-600 dark:text-slate-300">
                    {t('archives.workingTime.member')}
                  </th>
                  {(['days', 'worked', 'target', 'difference'] as const).map((column) => (
                    <th role="columnheader" key={column} scope="col" className="px-3 py-2 text-right font-semibold text-slate-600 dark:text-slate-300">
                      {t(`archives.workingTime.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup" className="max-md:block max-md:space-y-3">
                {rows.map((row) => (
                  <tr
                    role="row"
                    key={row.userId}
                    className="border-b border-slate-100 max-md:grid max-md:gap-1 max-md:rounded-xl max-md:border-0 max-md:p-3 max-md:ring-1 max-md:ring-slate-200 dark:border-slate-800 max-md:dark:ring-slate-800"
                  >
                    <th role="rowheader" scope="row" className="px-3 py-2 font-semibold break-words max-md:p-0 max-md:text-base">
                      {row.name}
                    </th>
                    <FigureCells figures={row} />
                  </tr>
                ))}
              </tbody>
              {rows.length > 1 && (
                <tfoot role="rowgroup" className="max-md:mt-3 max-md:block">
                  <tr role="row" className="max-md:grid max-md:gap-1 max-md:rounded-xl max-md:bg-slate-50 max-md:p-3 dark:max-md:bg-slate-800/60">
                    <th role="rowheader" scope="row" className="px-3 py-2 font-semibold max-md:p-0 max-md:text-base">
                      {totalLabel}
                    </th>
                    <FigureCells figures={{ days, worked: data.worked, target: data.target, difference: data.difference }} strong />
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          <ChartFigure title={t('archives.workingTime.chart.title')} height={chartHeight(rows.length)}>
            <Suspense fallback={null}>
              <WorkingTimeChart rows={rows} />
            </Suspense>
          </ChartFigure>
        </>
      )}
    </Card>
  );
}

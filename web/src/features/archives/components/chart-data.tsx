import { useTranslation } from 'react-i18next';

export interface ChartPoint {
  label: string;
  value: number;
}

/**
 * A chart's figures as a table, folded under the chart: the same numbers for people who cannot see the drawing (a
 * canvas has no text of its own) or who want the exact values. The table's caption is the chart's title.
 */
export function ChartData({ title, points, labelHeading, valueHeading }: { title: string; points: ChartPoint[]; labelHeading: string; valueHeading: string }) {
  const { t } = useTranslation();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer rounded-lg py-2.5 font-medium text-brand-700 dark:text-brand-500">{t('a11y.chartData.show')}</summary>
      {points.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t('a11y.chartData.none')}</p>
      ) : (
        <table className="w-full text-left">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2 font-semibold">
                {labelHeading}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {point.label}
                </th>
                <td className="py-1 text-right tabular-nums">{point.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

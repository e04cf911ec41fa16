import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { prefersReducedMotion } from '@/lib/motion';
import { usePreferences } from '@/lib/preferences';
import type { ReportSummary } from '../api/reports';
import { daysBetween } from '../utils/date-range';
import { ChartData } from './chart-data';
import { ChartFigure, chartGridClass, chartTitles } from './chart-figure';

// Only the pieces these four charts draw, so the chunk stays small.
ChartJS.register(CategoryScale, LinearScale, BarElement, ArcElement, Tooltip, Legend);

/** Up to this many days the per-day chart shows every day, breaks or not; longer ranges show the days with breaks. */
const EVERY_DAY_UP_TO = 62;

// Each colour has at least 3:1 against the card in both themes (white and slate-900), so every slice stands out.
const palette = ['#0f766e', '#0284c7', '#d97706', '#8b5cf6', '#dc2626', '#16a34a', '#db2777', '#64748b', '#0891b2', '#a16207'];

function useChartColors() {
  const { darkMode } = usePreferences();
  return darkMode
    ? { text: '#cbd5e1', grid: 'rgba(148, 163, 184, 0.2)', bar: '#14b8a6', surface: '#0f172a' }
    : { text: '#334155', grid: 'rgba(100, 116, 139, 0.2)', bar: '#0f766e', surface: '#ffffff' };
}

function barOptions(colors: ReturnType<typeof useChartColors>, horizontal = false): ChartOptions<'bar'> {
  const valueAxis = { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } };
  const labelAxis = { ticks: { color: colors.text, autoSkip: true }, grid: { display: false } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: prefersReducedMotion() ? false : undefined,
    indexAxis: horizontal ? 'y' : 'x',
    plugins: { legend: { display: false } },
    scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
  };
}

/** A short text version of a chart for screen readers: its largest values. */
function describe(title: string, points: { label: string; value: number }[], unit: string) {
  const shown = points.filter((point) => point.value > 0);
  if (shown.length === 0) return `${title}: none in this range.`;
  const top = [...shown].sort((a, b) => b.value - a.value).slice(0, 5);
  return `${title}: ${top.map((point) => `${point.label} ${point.value} ${unit}`).join(', ')}${shown.length > top.length ? ', and more' : ''}.`;
}

/** The archives' charts: break minutes per day and per type, tasks per status and per priority. */
export function ReportCharts({ summary }: { summary: ReportSummary }) {
  const colors = useChartColors();
  const { t } = useTranslation();
  const minutesByDay = new Map(summary.breaks.perDay.map((day) => [day.date, day.minutes]));
  const rangeDays = summary.from && summary.to ? daysBetween(summary.from, summary.to) : [];
  const days = rangeDays.length > 0 && rangeDays.length <= EVERY_DAY_UP_TO ? rangeDays : summary.breaks.perDay.map((day) => day.date);
  const perDay = days.map((date) => ({ label: formatDate(date), value: minutesByDay.get(date) ?? 0 }));
  const perType = summary.breaks.perType.map((item) => ({ label: item.type, value: item.minutes }));
  const perStatus = summary.tasks.perStatus.map((item) => ({ label: item.status, value: item.count }));
  const perPriority = summary.tasks.perPriority.map((item) => ({ label: item.priority, value: item.count }));

  const bars = (points: { label: string; value: number }[], label: string) => ({
    labels: points.map((point) => point.label),
    datasets: [{ label, data: points.map((point) => point.value), backgroundColor: colors.bar, borderRadius: 4 }],
  });

  return (
    <div className={chartGridClass}>
      <ChartFigure
        title={chartTitles[0]}
        data={<ChartData title={chartTitles[0]} points={perDay} labelHeading={t('a11y.chartData.day')} valueHeading={t('a11y.chartData.minutes')} />}
      >
        <Bar role="img" aria-label={describe('Break minutes per day', perDay, 'minutes')} data={bars(perDay, 'Minutes')} options={barOptions(colors)} />
      </ChartFigure>
      <ChartFigure
        title={chartTitles[1]}
        data={<ChartData title={chartTitles[1]} points={perType} labelHeading={t('a11y.chartData.breakType')} valueHeading={t('a11y.chartData.minutes')} />}
      >
        {perType.length === 0 ? (
          <p className="grid h-full place-items-center text-sm text-slate-600 dark:text-slate-400">No breaks in this range.</p>
        ) : (
          <Doughnut
            role="img"
            aria-label={describe('Break minutes per type', perType, 'minutes')}
            data={{
              labels: perType.map((point) => point.label),
              datasets: [
                {
                  label: 'Minutes',
                  data: perType.map((point) => point.value),
                  backgroundColor: perType.map((_, i) => palette[i % palette.length]!),
                  // A line of the card's colour between slices, so neighbours never blend.
                  borderWidth: 2,
                  borderColor: colors.surface,
                },
              ],
            }}
            options={{
              responsive: true,
              maintainAspectRatio: false,
              animation: prefersReducedMotion() ? false : undefined,
              plugins: { legend: { position: 'bottom', labels: { color: colors.text, boxWidth: 12 } } },
            }}
          />
        )}
      </ChartFigure>
      <ChartFigure
        title={chartTitles[2]}
        data={<ChartData title={chartTitles[2]} points={perStatus} labelHeading={t('a11y.chartData.status')} valueHeading={t('a11y.chartData.tasks')} />}
      >
        <Bar role="img" aria-label={describe('Tasks per status', perStatus, 'tasks')} data={bars(perStatus, 'Tasks')} options={barOptions(colors, true)} />
      </ChartFigure>
      <ChartFigure
        title={chartTitles[3]}
        data={<ChartData title={chartTitles[3]} points={perPriority} labelHeading={t('a11y.chartData.priority')} valueHeading={t('a11y.chartData.tasks')} />}
      >
        <Bar
          role="img"
          aria-label={describe('Tasks per priority', perPriority, 'tasks')}
          data={bars(perPriority, 'Tasks')}
          options={barOptions(colors, true)}
        />
      </ChartFigure>
    </div>
  );
}

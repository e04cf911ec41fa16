import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { taskPriorityName as taskPriorityLabel, taskStatusName as taskStatusLabel } from '@/lib/type-names';
import { formatDate } from '@/lib/format';
import { formatLocale, t } from '@/lib/i18n';
import { usePreferences } from '@/lib/preferences';
import type { ReportSummary } from '../api/reports';
import { daysBetween } from '../utils/date-range';
import { ChartFigure, chartGridClass, type ChartId } from './chart-figure';
import { breakTypeName as breakTypeLabel } from '@/lib/type-names';
import { prefersReducedMotion } from '@/lib/motion';
import { ChartData } from './chart-data';

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
    // The axes' numbers as the person's language writes them.
    locale: formatLocale(),
    animation: prefersReducedMotion() ? false : undefined,
    indexAxis: horizontal ? 'y' : 'x',
    plugins: { legend: { display: false } },
    scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
  };
}

/** A short text version of a chart for screen readers: its largest values (`unit` is minutes or tasks). */
function describe(chart: ChartId, points: { label: string; value: number }[], unit: 'minutes' | 'tasks') {
  const title = t(`archives.charts.${chart}.title`);
  const shown = points.filter((point) => point.value > 0);
  if (shown.length === 0) return t('archives.charts.none', { title });
  const top = [...shown].sort((a, b) => b.value - a.value).slice(0, 5);
  const list = top.map((point) => t(`archives.charts.point.${unit}`, { label: point.label, count: point.value })).join(', ');
  return t(shown.length > top.length ? 'archives.charts.describeMore' : 'archives.charts.describe', { title, points: list });
}

/** The archives' charts: break minutes per day and per type, tasks per status and per priority. */
export function ReportCharts({ summary }: { summary: ReportSummary }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const minutesByDay = new Map(summary.breaks.perDay.map((day) => [day.date, day.minutes]));
  const rangeDays = summary.from && summary.to ? daysBetween(summary.from, summary.to) : [];
  const days = rangeDays.length > 0 && rangeDays.length <= EVERY_DAY_UP_TO ? rangeDays : summary.breaks.perDay.map((day) => day.date);
  const perDay = days.map((date) => ({ label: formatDate(date), value: minutesByDay.get(date) ?? 0 }));
  const perType = summary.breaks.perType.map((item) => ({ label: breakTypeLabel(item.type), value: item.minutes }));
  const perStatus = summary.tasks.perStatus.map((item) => ({ label: taskStatusLabel(item.status), value: item.count }));
  const perPriority = summary.tasks.perPriority.map((item) => ({ label: taskPriorityLabel(item.priority), value: item.count }));
  const minutes = t('archives.charts.minutes');
  const tasks = t('archives.charts.tasks');

  const bars = (points: { label: string; value: number }[], label: string) => ({
    labels: points.map((point) => point.label),
    datasets: [{ label, data: points.map((point) => point.value), backgroundColor: colors.bar, borderRadius: 4 }],
  });

  return (
    <div className={chartGridClass}>
      <ChartFigure
        title={t('archives.charts.minutesPerDay.title')}
        data={
          <ChartData
            title={t('archives.charts.minutesPerDay.title')}
            points={perDay}
            labelHeading={t('a11y.chartData.day')}
            valueHeading={t('a11y.chartData.minutes')}
          />
        }
      >
        <Bar role="img" aria-label={describe('minutesPerDay', perDay, 'minutes')} data={bars(perDay, minutes)} options={barOptions(colors)} />
      </ChartFigure>
      <ChartFigure
        title={t('archives.charts.minutesPerType.title')}
        data={
          <ChartData
            title={t('archives.charts.minutesPerType.title')}
            points={perType}
            labelHeading={t('a11y.chartData.breakType')}
            valueHeading={t('a11y.chartData.minutes')}
          />
        }
      >
        {perType.length === 0 ? (
          <p className="grid h-full place-items-center text-sm text-slate-600 dark:text-slate-400">{t('archives.records.empty.breaks')}</p>
        ) : (
          <Doughnut
            role="img"
            aria-label={describe('minutesPerType', perType, 'minutes')}
            data={{
              labels: perType.map((point) => point.label),
              datasets: [
                {
                  label: minutes,
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
              locale: formatLocale(),
              animation: prefersReducedMotion() ? false : undefined,
              plugins: { legend: { position: 'bottom', labels: { color: colors.text, boxWidth: 12 } } },
            }}
          />
        )}
      </ChartFigure>
      <ChartFigure
        title={t('archives.charts.tasksPerStatus.title')}
        data={
          <ChartData
            title={t('archives.charts.tasksPerStatus.title')}
            points={perStatus}
            labelHeading={t('a11y.chartData.status')}
            valueHeading={t('a11y.chartData.tasks')}
          />
        }
      >
        <Bar role="img" aria-label={describe('tasksPerStatus', perStatus, 'tasks')} data={bars(perStatus, tasks)} options={barOptions(colors, true)} />
      </ChartFigure>
      <ChartFigure
        title={t('archives.charts.tasksPerPriority.title')}
        data={
          <ChartData
            title={t('archives.charts.tasksPerPriority.title')}
            points={perPriority}
            labelHeading={t('a11y.chartData.priority')}
            valueHeading={t('a11y.chartData.tasks')}
          />
        }
      >
        <Bar role="img" aria-label={describe('tasksPerPriority', perPriority, 'tasks')} data={bars(perPriority, tasks)} options={barOptions(colors, true)} />
      </ChartFigure>
    </div>
  );
}

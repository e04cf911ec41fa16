import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { formatWorked } from '@/lib/minutes';
import { formatLocale, t } from '@/lib/i18n';
import { prefersReducedMotion } from '@/lib/motion';
import { usePreferences } from '@/lib/preferences';
import type { WorkingTimeRow } from '../api/working-time-report';

// Only the pieces a bar chart draws, so the chunk stays small.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

/** The text alternative names this many members; the table beside the chart has them all. */
const DESCRIBED_MEMBERS = 8;

// Both have at least 3:1 against the card in their theme, and differ from each other in lightness as well as hue.
function useColors() {
  const { darkMode } = usePreferences();
  return darkMode
    ? { text: '#cbd5e1', grid: 'rgba(148, 163, 184, 0.2)', worked: '#14b8a6', target: '#94a3b8' }
    : { text: '#334155', grid: 'rgba(100, 116, 139, 0.2)', worked: '#0f766e', target: '#64748b' };
}

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/** What the chart shows, in words: each member's worked time of their target (the first few; the table has all). */
export function describeWorkingTime(rows: WorkingTimeRow[]): string {
  const title = t('archives.workingTime.chart.title');
  if (rows.length === 0) return t('archives.workingTime.chart.none', { title });
  const points = rows
    .slice(0, DESCRIBED_MEMBERS)
    .map((row) => t('archives.workingTime.chart.point', { name: row.name, worked: formatWorked(row.worked), target: formatWorked(row.target) }))
    .join(', ');
  const more = rows.length - DESCRIBED_MEMBERS;
  return more > 0 ? t('archives.workingTime.chart.describeMore', { title, points, more }) : t('archives.workingTime.chart.describe', { title, points });
}

/** Worked against target hours, a pair of horizontal bars per member (names stay readable however many there are). */
export default function WorkingTimeChart({ rows }: { rows: WorkingTimeRow[] }) {
  const { t } = useTranslation();
  const colors = useColors();
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    locale: formatLocale(),
    animation: prefersReducedMotion() ? false : undefined,
    indexAxis: 'y',
    plugins: {
      legend: { position: 'bottom', labels: { color: colors.text, boxWidth: 12 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatWorked(Math.round(Number(item.raw) * 60))}` } },
    },
    scales: {
      x: {
        beginAtZero: true,
        title: { display: true, text: t('archives.workingTime.chart.hours'), color: colors.text },
        ticks: { color: colors.text },
        grid: { color: colors.grid },
      },
      y: { ticks: { color: colors.text, autoSkip: false }, grid: { display: false } },
    },
  };
  const data = {
    labels: rows.map((row) => row.name),
    datasets: [
      { label: t('archives.workingTime.worked'), data: rows.map((row) => hours(row.worked)), backgroundColor: colors.worked, borderRadius: 4 },
      { label: t('archives.workingTime.target'), data: rows.map((row) => hours(row.target)), backgroundColor: colors.target, borderRadius: 4 },
    ],
  };
  return <Bar role="img" aria-label={describeWorkingTime(rows)} data={data} options={options} />;
}

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import type { ReportSummary } from '../api/reports';
import { ReportCharts } from './report-charts';

interface FakeChartProps {
  data: { labels: string[]; datasets: { data: number[] }[] };
  'aria-label': string;
}

// jsdom has no canvas: each chart becomes a list of its labels and values.
const fake = vi.hoisted(() => ({ data, ...props }: FakeChartProps) => (
  <ul role="img" aria-label={props['aria-label']}>
    {data.labels.map((label, i) => (
      <li key={label}>
        {label}: {data.datasets[0]!.data[i]}
      </li>
    ))}
  </ul>
));
vi.mock('react-chartjs-2', () => ({ Bar: fake, Doughnut: fake }));

const summary: ReportSummary = {
  userId: 'ME',
  from: '2025-06-01',
  to: '2025-06-05',
  breaks: {
    count: 3,
    totalMinutes: 95,
    perDay: [
      { date: '2025-06-02', minutes: 45, count: 2 },
      { date: '2025-06-04', minutes: 50, count: 1 },
    ],
    perType: [
      { type: 'Lunch Break', minutes: 60, count: 1 },
      { type: 'Coffee Break', minutes: 35, count: 2 },
    ],
  },
  tasks: {
    count: 2,
    completed: 1,
    perStatus: [
      { status: 'To Do', count: 1 },
      { status: 'Completed', count: 1 },
    ],
    perPriority: [
      { priority: 'Normal', count: 2 },
      { priority: 'Urgent', count: 0 },
    ],
  },
  leaves: { count: 0, days: 0 },
  meetings: { count: 0, minutes: 0 },
  checklist: { count: 0, done: 0 },
};

describe('ReportCharts', () => {
  it('draws break minutes per day (every day of a short range) and per type, and tasks per status and priority', () => {
    renderWithProviders(<ReportCharts summary={summary} />);
    const perDay = screen.getByRole('figure', { name: 'Break minutes per day' });
    expect(
      within(perDay)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['01/06/2025: 0', '02/06/2025: 45', '03/06/2025: 0', '04/06/2025: 50', '05/06/2025: 0']);
    expect(within(perDay).getByRole('img')).toHaveAccessibleName('Break minutes per day: 04/06/2025 50 minutes, 02/06/2025 45 minutes.');
    expect(within(screen.getByRole('figure', { name: 'Break minutes per type' })).getByRole('img')).toHaveTextContent('Lunch Break: 60');
    expect(within(screen.getByRole('figure', { name: 'Tasks per status' })).getByRole('img')).toHaveTextContent('Completed: 1');
    expect(within(screen.getByRole('figure', { name: 'Tasks per priority' })).getByRole('img')).toHaveAccessibleName('Tasks per priority: Normal 2 tasks.');
  });

  it('says so when there are no breaks to split by type', () => {
    renderWithProviders(<ReportCharts summary={{ ...summary, breaks: { count: 0, totalMinutes: 0, perDay: [], perType: [] } }} />);
    expect(within(screen.getByRole('figure', { name: 'Break minutes per type' })).getByText('No breaks in this range.')).toBeInTheDocument();
  });
});

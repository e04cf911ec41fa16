import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { WorkingTimeReport } from '../api/working-time-report';
import { WorkingTimeSection } from './working-time-section';

interface FakeChartProps {
  data: { labels: string[]; datasets: { label: string; data: number[] }[] };
  'aria-label': string;
}

// jsdom has no canvas: the chart becomes a list of its members and hours.
const fake = vi.hoisted(() => ({ data, ...props }: FakeChartProps) => (
  <ul role="img" aria-label={props['aria-label']}>
    {data.labels.map((label, i) => (
      <li key={label}>{`${label}: ${data.datasets.map((set) => `${set.label} ${set.data[i]}`).join(', ')}`}</li>
    ))}
  </ul>
));
vi.mock('react-chartjs-2', () => ({ Bar: fake }));

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const report: WorkingTimeReport = {
  from: '2026-03-02',
  to: '2026-03-06',
  rows: [
    { userId: 'u1', name: 'Ada Lovelace', worked: 2490, target: 2400, difference: 90, days: 5 },
    { userId: 'u2', name: 'Grace Hopper', worked: 1170, target: 1440, difference: -270, days: 3 },
  ],
  worked: 3660,
  target: 3840,
  difference: -180,
};

function reportServer(answer: WorkingTimeReport = report) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/work/report'), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
      return ok(answer);
    }),
  );
  return queries;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** jsdom's Blob has no text(). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const range = { from: '2026-03-02', to: '2026-03-06' };

describe('working time report', () => {
  it('shows worked, target and difference per member with totals, and a chart of worked against target', async () => {
    signIn();
    const queries = reportServer();
    renderWithProviders(<WorkingTimeSection range={range} />);
    const table = await screen.findByRole('table', { name: 'Working time' });
    expect(queries).toEqual([range]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Member', 'Days worked', 'Worked', 'Target', 'Difference']);
    const [, ada, grace, total] = within(table).getAllByRole('row');
    expect(within(ada!).getByRole('rowheader')).toHaveTextContent('Ada Lovelace');
    expect(cells(ada!)).toEqual(['5', '41 h 30', '40 h', '+1 h 30']);
    expect(within(grace!).getByRole('rowheader')).toHaveTextContent('Grace Hopper');
    expect(cells(grace!)).toEqual(['3', '19 h 30', '24 h', '−4 h 30']);
    expect(within(total!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cells(total!)).toEqual(['8', '61 h', '64 h', '−3 h']);

    // The chart: a figure with its caption, drawn in hours, its text alternative naming the figures.
    const figure = screen.getByRole('figure', { name: 'Worked and target hours per member' });
    const chart = await within(figure).findByRole('img');
    expect(chart).toHaveAccessibleName('Worked and target hours per member: Ada Lovelace worked 41 h 30 of 40 h, Grace Hopper worked 19 h 30 of 24 h.');
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ada Lovelace: Worked 41.5, Target 40', 'Grace Hopper: Worked 19.5, Target 24']);
  });

  it('shows a member their own row without a totals line, and asks for one day as from and to', async () => {
    signIn();
    const queries = reportServer({ ...report, rows: report.rows.slice(0, 1), worked: 2490, target: 2400, difference: 90 });
    renderWithProviders(<WorkingTimeSection range={{ from: '2026-03-02', to: '' }} />);
    const table = await screen.findByRole('table', { name: 'Working time' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(queries).toEqual([{ from: '2026-03-02', to: '2026-03-02' }]);
  });

  it('names only the first members in the chart’s text alternative of a large team', async () => {
    signIn();
    const rows = Array.from({ length: 10 }, (_, i) => ({ userId: `u${i}`, name: `Member ${i}`, worked: 60, target: 60, difference: 0, days: 1 }));
    reportServer({ ...report, rows, worked: 600, target: 600, difference: 0 });
    renderWithProviders(<WorkingTimeSection range={range} />);
    const chart = await within(await screen.findByRole('figure')).findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/Member 7 worked 1 h of 1 h, and 2 more in the table\.$/);
  });

  it('shows the server’s message when the range is refused, and says so when there is nobody', async () => {
    signIn();
    server.use(
      http.get(api('/work/report'), () =>
        HttpResponse.json(
          { message: 'The range cannot be longer than 366 days.', errors: { to: 'The range cannot be longer than 366 days.' } },
          { status: 422 },
        ),
      ),
    );
    const { unmount } = renderWithProviders(<WorkingTimeSection range={{ from: '2024-01-01', to: '2026-01-01' }} />);
    expect(await screen.findByText('The range cannot be longer than 366 days.')).toBeInTheDocument();
    unmount();
    reportServer({ ...report, rows: [], worked: 0, target: 0, difference: 0 });
    renderWithProviders(<WorkingTimeSection range={range} />);
    expect(await screen.findByText('No working time in this range.')).toBeInTheDocument();
  });

  it('downloads the CSV under working-time-<from>-<to>.csv', async () => {
    signIn();
    reportServer();
    let exportQuery: Record<string, string> = {};
    server.use(
      http.get(api('/work/report.csv'), ({ request }) => {
        exportQuery = Object.fromEntries(new URL(request.url).searchParams.entries());
        return new HttpResponse('member,days,worked,target,difference,from,to,userId\n"Ada Lovelace",5,2490,2400,90\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderWithProviders(<WorkingTimeSection range={range} />);
    await screen.findByRole('table', { name: 'Working time' });
    await user.click(screen.getByRole('button', { name: 'Download Working time CSV' }));
    await waitFor(() => expect(names).toEqual(['working-time-2026-03-02-2026-03-06.csv']));
    expect(exportQuery).toEqual(range);
    expect(await readBlob(blobs[0]!)).toContain('"Ada Lovelace",5,2490,2400,90');
  });
});

import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useDialogs } from '@/lib/dialogs';
import { formatDate, todayIso } from '@/lib/format';
import { jwtValidFor } from '@/testing/jwt';
import { api, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { ReportSummary } from '../api/reports';
import { addDays } from '../utils/date-range';
import { ArchivesPage } from './archives-page';

// jsdom cannot draw on a canvas; the charts have their own test with the chart components replaced.
vi.mock('./report-charts', () => ({
  ReportCharts: ({ summary }: { summary: ReportSummary }) => <p>Charts for {summary.breaks.perDay.length} days</p>,
}));
vi.mock('./working-time-chart', () => ({
  default: ({ rows }: { rows: unknown[] }) => <p>Working time chart of {rows.length}</p>,
}));

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'refresh', id: 'ME', name: 'Ada' });
const today = todayIso();

const summary = (from: string, to: string): ReportSummary => ({
  userId: 'ME',
  from,
  to,
  breaks: { count: 2, totalMinutes: 75, perDay: [{ date: to, minutes: 75, count: 2 }], perType: [{ type: 'Lunch Break', minutes: 60, count: 1 }] },
  tasks: { count: 3, completed: 1, perStatus: [{ status: 'Completed', count: 1 }], perPriority: [{ priority: 'High', count: 3 }] },
  leaves: { count: 1, days: 2 },
  meetings: { count: 4, minutes: 120 },
  checklist: { count: 5, done: 4 },
});

const breaks = Array.from({ length: 45 }, (_, i) => ({
  _id: `b${i + 1}`,
  startTime: '12:00',
  endTime: '12:30',
  duration: 30,
  createdDate: '2025-06-02',
  type: 'Lunch Break',
  reason: `Reason ${i + 1}`,
}));

/** Reports API stand-in; records every query by path. */
function reportsApi({ role = 'member' }: { role?: string } = {}) {
  const asked: { path: string; query: Record<string, string> }[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams.entries());
    asked.push({ path: url.pathname, query });
    return query;
  };
  server.use(
    http.get(api('/user/profile'), () => ok({ id: 'ME', name: 'Ada', email: 'ada@example.com', role })),
    http.get(api('/admin/get'), () =>
      ok([
        { id: 'ME', name: 'Ada', email: 'ada@example.com', role },
        { id: 'BOB', name: 'Bob', email: 'bob@example.com', role: 'member' },
      ]),
    ),
    http.get(api('/reports/summary'), ({ request }) => {
      const query = record(request);
      return ok(summary(query.from ?? '', query.to ?? ''));
    }),
    http.get(api('/work/report'), ({ request }) => {
      const query = record(request);
      const row = { userId: 'ME', name: 'Ada', worked: 1230, target: 1440, difference: -210, days: 3 };
      return ok({ from: query.from, to: query.to, rows: [row], worked: 1230, target: 1440, difference: -210 });
    }),
    http.get(api('/reports/:kind'), ({ request, params }) => {
      const query = record(request);
      const skip = Number(query.skip);
      if (params.kind === 'breaks') return ok({ items: breaks.slice(skip, skip + Number(query.limit)), totalCount: breaks.length });
      if (params.kind === 'tasks')
        return ok({
          items: [{ _id: 't1', title: 'Ship it', description: 'Release', scheduled: '2025-06-03', status: 'Completed', priority: 'High' }],
          totalCount: 1,
        });
      return ok({ items: [], totalCount: 0 });
    }),
  );
  return asked;
}

/** jsdom's Blob has no text(). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function ActiveDialog() {
  const { active } = useDialogs();
  return <output aria-label="active dialog">{active ?? 'none'}</output>;
}

// The API client is loaded on the first call; loading it up front keeps a busy machine's first test within its waits.
beforeAll(() => import('@/lib/amplify-rest'));

describe('Archives | Reports', () => {
  it('signed out, asks for nothing and offers sign-in', async () => {
    const { user } = renderWithProviders(
      <>
        <ArchivesPage />
        <ActiveDialog />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('active dialog')).toHaveTextContent('signIn');
  });

  it('opens on the last 7 days with the summary, the charts and the breaks', async () => {
    signIn();
    const asked = reportsApi();
    renderWithProviders(<ArchivesPage />, { route: '/archives' });
    expect(await screen.findByText('Charts for 1 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked.find((a) => a.path === '/reports/summary')?.query).toEqual({ from: addDays(today, -6), to: today });
    const stats = screen.getByText('Breaks', { selector: 'dt' }).parentElement!;
    expect(stats).toHaveTextContent('2');
    expect(stats).toHaveTextContent('1 h 15 min');
    expect(screen.getByText('1 completed')).toBeInTheDocument();
    expect(screen.getByText('2 days')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Breaks' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByText('02/06/2025')).toHaveLength(20);
    expect(within(table).getAllByText('12:00 PM – 12:30 PM')).toHaveLength(20);
    expect(screen.getByText('45 records')).toBeInTheDocument();
  });

  it('a preset applies at once', async () => {
    signIn();
    const asked = reportsApi();
    const { user } = renderWithProviders(<ArchivesPage />, { route: '/archives' });
    await screen.findByText('Charts for 1 days');
    await user.click(screen.getByRole('button', { name: '6 Months' }));
    await vi.waitFor(() => expect(asked.filter((a) => a.path === '/reports/summary').at(-1)?.query.from).not.toBe(addDays(today, -6)));
    expect(screen.getByRole('button', { name: '6 Months' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('End date')).toHaveValue(formatDate(today));
    expect(asked.filter((a) => a.path === '/reports/breaks').at(-1)?.query.to).toBe(today);
  });

  it("checks the range: 'Select at least one date.', 'End date cannot be earlier than start date.', and links min and max", async () => {
    signIn();
    const asked = reportsApi();
    const { user } = renderWithProviders(<ArchivesPage />, { route: '/archives?from=2025-06-01&to=2025-06-30' });
    await screen.findByText('Charts for 1 days');
    const start = screen.getByLabelText('Start date');
    const end = screen.getByLabelText('End date');
    expect(start).toHaveAttribute('max', '2025-06-30');
    expect(end).toHaveAttribute('min', '2025-06-01');

    await user.clear(start);
    await user.clear(end);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Select at least one date.')).toBeInTheDocument();

    await user.type(start, '2025-06-20');
    await user.type(end, '2025-06-10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('End date cannot be earlier than start date.')).toBeInTheDocument();
    const before = asked.length;

    await user.clear(end);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(asked.filter((a) => a.path === '/reports/summary').at(-1)?.query).toEqual({ from: '2025-06-20' }));
    expect(asked.length).toBeGreaterThan(before);
  });

  it('pages through the records and switches the record type', async () => {
    signIn();
    const asked = reportsApi();
    const { user } = renderWithProviders(<ArchivesPage />, { route: '/archives' });
    await screen.findByRole('table', { name: 'Breaks' });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Reason 41')).toBeInTheDocument();
    expect(asked.filter((a) => a.path === '/reports/breaks').at(-1)?.query).toMatchObject({ skip: '40', limit: '20' });

    await user.click(screen.getByRole('tab', { name: 'Tasks' }));
    const tasks = await screen.findByRole('table', { name: 'Tasks' });
    expect(within(tasks).getByText('Ship it')).toBeInTheDocument();
    expect(within(tasks).getByText('03/06/2025')).toBeInTheDocument();
    expect(asked.filter((a) => a.path === '/reports/tasks').at(-1)?.query).toMatchObject({ skip: '0' });

    await user.click(screen.getByRole('tab', { name: 'Meetings' }));
    expect(await screen.findByText('No meetings in this range.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Meetings' })).toHaveAttribute('aria-selected', 'true');
  });

  it("downloads the selected type's CSV export under the server's file name", async () => {
    signIn();
    reportsApi();
    let exportQuery: Record<string, string> = {};
    server.use(
      http.get(api('/reports/export/:kind'), ({ request }) => {
        exportQuery = Object.fromEntries(new URL(request.url).searchParams.entries());
        return new HttpResponse('date,startTime,endTime,durationMinutes,type,reason,id\n2025-06-02,12:00,12:30,30,Lunch Break,Canteen,b1\n', {
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
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderWithProviders(<ArchivesPage />, { route: '/archives?from=2025-06-01&to=2025-06-30' });
    await user.click(await screen.findByRole('button', { name: 'Download Breaks CSV' }));
    await vi.waitFor(() => expect(names).toEqual(['breaks-2025-06-01-2025-06-30.csv']));
    expect(exportQuery).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(await readBlob(blobs[0]!)).toContain('2025-06-02,12:00,12:30,30,Lunch Break,Canteen,b1');
    click.mockRestore();
  });

  it('lets admins and HR pick a team member; members see only their own', async () => {
    signIn();
    const asked = reportsApi({ role: 'hr' });
    const { user } = renderWithProviders(<ArchivesPage />, { route: '/archives' });
    const picker = await screen.findByLabelText('Team member');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Me', 'Bob']);
    await user.selectOptions(picker, 'Bob');
    await vi.waitFor(() => expect(asked.filter((a) => a.path === '/reports/summary').at(-1)?.query.userId).toBe('BOB'));
    expect(asked.filter((a) => a.path === '/reports/breaks').at(-1)?.query.userId).toBe('BOB');
  });

  it('shows no member picker to a member', async () => {
    signIn();
    reportsApi({ role: 'member' });
    renderWithProviders(<ArchivesPage />, { route: '/archives' });
    await screen.findByText('Charts for 1 days');
    expect(screen.queryByLabelText('Team member')).not.toBeInTheDocument();
  });

  it('reports the leave days of the same range', async () => {
    signIn();
    reportsApi();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(api('/reports/leave-days'), ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
        return ok({
          from: '2025-06-01',
          to: '2025-06-30',
          types: [{ id: 't-vac', name: 'Vacation', color: '#2563eb' }],
          rows: [{ userId: 'ME', name: 'Ada', typeId: 't-vac', typeName: 'Vacation', days: 3, workingDays: 3 }],
        });
      }),
    );
    renderWithProviders(<ArchivesPage />, { route: '/archives?from=2025-06-01&to=2025-06-30' });
    const table = await screen.findByRole('table', { name: 'Leave days' });
    expect(within(table).getByRole('row', { name: /^Ada/ })).toHaveTextContent('3');
    expect(asked).toEqual([{ from: '2025-06-01', to: '2025-06-30' }]);
  });

  it('reports the working time of the same range', async () => {
    signIn();
    const asked = reportsApi();
    renderWithProviders(<ArchivesPage />, { route: '/archives?from=2025-06-01&to=2025-06-30' });
    const table = await screen.findByRole('table', { name: 'Working time' });
    expect(within(table).getByRole('row', { name: /^Ada/ })).toHaveTextContent('20 h 30');
    expect(screen.getByText('Working time chart of 1')).toBeInTheDocument();
    expect(asked.filter((a) => a.path === '/work/report').map((a) => a.query)).toEqual([{ from: '2025-06-01', to: '2025-06-30' }]);
  });
});

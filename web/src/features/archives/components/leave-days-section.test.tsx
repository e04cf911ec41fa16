import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { LeaveDaysReport } from '../api/leave-report';
import { LeaveDaysSection } from './leave-days-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const report: LeaveDaysReport = {
  from: '2026-01-01',
  to: '2026-06-30',
  types: [
    { id: 't-vac', name: 'Vacation', color: '#2563eb' },
    { id: 't-sick', name: 'Sick', color: '#dc2626' },
    { id: 't-unpaid', name: 'Unpaid', color: '#64748b' },
  ],
  rows: [
    { userId: 'u2', name: 'Grace Hopper', typeId: 't-sick', typeName: 'Sick', days: 2, workingDays: 2 },
    { userId: 'u1', name: 'Ada Lovelace', typeId: 't-vac', typeName: 'Vacation', days: 7, workingDays: 5 },
    { userId: 'u1', name: 'Ada Lovelace', typeId: 't-sick', typeName: 'Sick', days: 1, workingDays: 0.5 },
    { userId: 'u2', name: 'Grace Hopper', typeId: 't-vac', typeName: 'Vacation', days: 3, workingDays: 3 },
  ],
};

function reportServer(answer: LeaveDaysReport = report) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/reports/leave-days'), ({ request }) => {
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

describe('leave days report', () => {
  it('shows working days per member and type (types without days left out), with totals', async () => {
    signIn();
    const queries = reportServer();
    renderWithProviders(<LeaveDaysSection range={{ from: '2026-01-01', to: '2026-06-30' }} />);
    const table = await screen.findByRole('table', { name: 'Leave days' });
    expect(queries).toEqual([{ from: '2026-01-01', to: '2026-06-30' }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Member', 'Vacation', 'Sick', 'Total']);
    const [, ada, grace, total] = within(table).getAllByRole('row');
    expect(within(ada!).getByRole('rowheader')).toHaveTextContent('Ada Lovelace');
    expect(cells(ada!)).toEqual(['5', '0.5', '5.5']);
    expect(within(grace!).getByRole('rowheader')).toHaveTextContent('Grace Hopper');
    expect(cells(grace!)).toEqual(['3', '2', '5']);
    expect(within(total!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cells(total!)).toEqual(['8', '2.5', '10.5']);
    // Calendar days, where they differ, are in the figure's tooltip.
    expect(within(ada!).getByText('5')).toHaveAttribute('title', '7 calendar days');
  });

  it('leaves the totals line out for one member (a member sees only their own)', async () => {
    signIn();
    reportServer({ ...report, rows: report.rows.filter((row) => row.userId === 'u1') });
    renderWithProviders(<LeaveDaysSection range={{ from: '2026-01-01', to: '2026-06-30' }} />);
    const table = await screen.findByRole('table', { name: 'Leave days' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('says so when there is no approved leave, and asks for one day as from and to', async () => {
    signIn();
    const queries = reportServer({ ...report, rows: [] });
    renderWithProviders(<LeaveDaysSection range={{ from: '', to: '2026-06-30' }} />);
    expect(await screen.findByText('No approved leave in this range.')).toBeInTheDocument();
    expect(queries).toEqual([{ from: '2026-06-30', to: '2026-06-30' }]);
  });

  it('downloads the CSV under leave-days-<from>-<to>.csv', async () => {
    signIn();
    reportServer();
    let exportQuery: Record<string, string> = {};
    server.use(
      http.get(api('/reports/export/leave-days'), ({ request }) => {
        exportQuery = Object.fromEntries(new URL(request.url).searchParams.entries());
        return new HttpResponse('member,type,days,workingDays\nAda Lovelace,Vacation,7,5\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
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
    const { user } = renderWithProviders(<LeaveDaysSection range={{ from: '2026-01-01', to: '2026-06-30' }} />);
    await screen.findByRole('table', { name: 'Leave days' });
    await user.click(screen.getByRole('button', { name: 'Download Leave days CSV' }));
    await waitFor(() => expect(names).toEqual(['leave-days-2026-01-01-2026-06-30.csv']));
    expect(exportQuery).toEqual({ from: '2026-01-01', to: '2026-06-30' });
    expect(await readBlob(blobs[0]!)).toContain('Ada Lovelace,Vacation,7,5');
  });
});

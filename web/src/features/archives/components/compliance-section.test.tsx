import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ComplianceReport } from '@/lib/compliance';
import { fakeJwt } from '@/testing/jwt';
import { api, http, HttpResponse, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { ComplianceSection } from './compliance-section';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const range = { from: '2026-03-02', to: '2026-03-06' };
const counts = { break: 0, continuous: 0, dailyMax: 0, rest: 0, weeklyAverage: 0 };

const report: ComplianceReport = {
  ...range,
  preset: 'de',
  members: [
    {
      userId: 'u1',
      name: 'Ada Lovelace',
      daysAffected: 2,
      counts: { ...counts, break: 2, rest: 1 },
      total: 3,
      findings: [
        {
          date: '2026-03-03',
          rule: 'break',
          when: '2026-03-03T14:02',
          minutesMissing: 5,
          message: '5 minutes of the 30-minute break due after 6 hours are missing',
          law: 'ArbZG § 4',
          note: { text: 'Client call ran late', byId: 'u1', byName: 'Ada Lovelace', at: '2026-03-03T18:00:00Z' },
        },
      ],
    },
    { userId: 'u2', name: 'Grace Hopper', daysAffected: 0, counts, total: 0, findings: [] },
  ],
};

describe('the compliance report', () => {
  it('shows findings by rule, days affected and total per member, and the findings with their notes', async () => {
    signIn();
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(api('/reports/compliance'), ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams.entries()));
        return ok(report);
      }),
    );
    const { user } = renderWithProviders(<ComplianceSection range={range} />);
    const table = await screen.findByRole('table', { name: 'Compliance' });
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '0', '0', '1', '0', '2', '3']);
    expect(within(ada).getByRole('cell', { name: '3' })).toHaveAttribute('data-label', 'Total');
    expect(queries).toEqual([range]);

    await user.click(screen.getByText('1 finding'));
    expect(screen.getByText('5 minutes of the 30-minute break due after 6 hours are missing')).toBeVisible();
    expect(screen.getByText('ArbZG § 4')).toBeVisible();
    expect(screen.getByText('Note: Client call ran late (Ada Lovelace)')).toBeVisible();
  });

  it('says when the team checks no rules', async () => {
    signIn();
    server.use(http.get(api('/reports/compliance'), () => ok({ ...range, preset: 'none', members: [] })));
    renderWithProviders(<ComplianceSection range={range} />);
    expect(await screen.findByText('Your team checks no break and rest rules.')).toBeInTheDocument();
  });

  it('downloads the CSV', async () => {
    signIn();
    let exportQuery: Record<string, string> = {};
    server.use(
      http.get(api('/reports/compliance'), () => ok(report)),
      http.get(api('/reports/export/compliance'), ({ request }) => {
        exportQuery = Object.fromEntries(new URL(request.url).searchParams.entries());
        return new HttpResponse('Member,Date,Rule,Law,When,Minutes missing,Message,Note\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderWithProviders(<ComplianceSection range={range} />);
    await screen.findByRole('table', { name: 'Compliance' });
    await user.click(screen.getByRole('button', { name: 'Download compliance CSV' }));
    await waitFor(() => expect(names).toEqual(['compliance-2026-03-02-2026-03-06.csv']));
    expect(exportQuery).toEqual(range);
  });
});

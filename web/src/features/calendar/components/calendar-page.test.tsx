import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { CalendarMember, TeamCalendar } from '../api/calendar';
import { CalendarPage } from './calendar-page';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const VACATION = '#2563eb';
const SICK = '#dc2626';

/** June 2026 (the 1st is a Monday): Ada's approved trip with its reason, Grace's pending half day, Linus's leave from May. */
const juneMembers: CalendarMember[] = [
  {
    userId: 'u1',
    name: 'Ada Lovelace',
    leaves: [
      { _id: 'l1', typeId: 't-vac', typeName: 'Vacation', color: VACATION, status: 'approved', fromDate: '2026-06-02', toDate: '2026-06-04', reason: 'Trip' },
    ],
  },
  {
    userId: 'u2',
    name: 'Grace Hopper',
    leaves: [
      { _id: 'l2', typeId: 't-vac', typeName: 'Vacation', color: VACATION, status: 'pending', fromDate: '2026-06-10', toDate: '2026-06-10', halfDay: 'am' },
    ],
  },
  {
    userId: 'u3',
    name: 'Linus Pauling',
    leaves: [{ _id: 'l3', typeId: 't-sick', typeName: 'Sick', color: SICK, status: 'approved', fromDate: '2026-05-28', toDate: '2026-06-02' }],
  },
];

const lastDay = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

/** Serves June as above and every other month empty; records the months asked for. */
function calendarServer() {
  const months: string[] = [];
  server.use(
    http.get(api('/leaves/settings'), () => ok({ defaultAllowance: 25, carryOverCap: 0, allowNegative: false, workWeek: [1, 2, 3, 4, 5] })),
    http.get(api('/leaves/calendar'), ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? '';
      months.push(month);
      const calendar: TeamCalendar = {
        month,
        from: `${month}-01`,
        to: lastDay(month),
        members: month === '2026-06' ? juneMembers : juneMembers.map((member) => ({ ...member, leaves: [] })),
        holidays: month === '2026-06' ? [{ date: '2026-06-04', name: 'Corpus Christi' }] : [],
      };
      return ok(calendar);
    }),
  );
  return months;
}

const grid = () => screen.findByRole('table');
const memberRow = async (name: string) => within(await grid()).getByRole('row', { name: new RegExp(`^${name}`) });

const originalScrollIntoView = Element.prototype.scrollIntoView;

afterEach(() => {
  vi.useRealTimers();
  Element.prototype.scrollIntoView = originalScrollIntoView;
});

describe('team calendar', () => {
  it('asks signed-out visitors to sign in, and loads nothing', () => {
    const months = calendarServer();
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(months).toEqual([]);
  });

  it("on a wide screen, draws this month's grid: a row per member, bars over the leave's days, today and holidays marked", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12));
    signIn();
    const months = calendarServer();
    renderWithProviders(<CalendarPage />, { route: '/calendar' });
    const table = await grid();
    expect(months[0]).toBe('2026-06');
    expect(screen.getByRole('heading', { level: 2, name: 'June 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'This month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Days of June 2026' })).not.toBeInTheDocument();

    // 30 day columns after the member column; today's is the current date, the holiday's says so.
    const headers = within(table).getAllByRole('columnheader');
    expect(headers).toHaveLength(31);
    expect(headers[10]).toHaveAttribute('aria-current', 'date');
    expect(headers[10]).toHaveTextContent('Wednesday 10 June, today');
    expect(headers[4]).toHaveTextContent('Thursday 4 June, holiday: Corpus Christi');
    expect(headers[6]).toHaveTextContent('Saturday 6 June, non-working day');
    expect(screen.getByText('Holidays this month')).toBeInTheDocument();

    const ada = await memberRow('Ada Lovelace');
    const trip = within(ada).getByRole('button', { name: 'Vacation, approved, 2 June to 4 June' });
    expect(trip.closest('td')).toHaveAttribute('colspan', '3');
    // A leave from May is drawn from the 1st.
    const linus = within(await memberRow('Linus Pauling')).getByRole('button', { name: 'Sick, approved, 28 May to 2 June' });
    expect(linus.closest('td')).toHaveAttribute('colspan', '2');
    expect(within(ada).getAllByRole('cell')).toHaveLength(30 - 3 + 1);
  });

  it('draws a pending leave striped with a dashed outline, an approved one solid, and says which in the legend', async () => {
    signIn();
    calendarServer();
    renderWithProviders(<CalendarPage />, { route: '/calendar?month=2026-06' });
    const approved = within(await memberRow('Ada Lovelace')).getByRole('button', { name: /approved/ });
    const pending = within(await memberRow('Grace Hopper')).getByRole('button', { name: 'Vacation, pending, 10 June, half day (morning)' });
    expect(approved.style.backgroundColor).not.toBe('');
    expect(approved.style.backgroundImage).toBe('');
    expect(approved.style.borderStyle).toBe('');
    expect(pending.style.backgroundImage).toContain('repeating-linear-gradient');
    expect(pending.style.borderStyle).toBe('dashed');
    // Half a day is half a cell.
    expect(pending).toHaveClass('w-1/2');
    const legend = screen.getByRole('list', { name: 'Marks' });
    expect(within(legend).getByText('Approved')).toBeInTheDocument();
    expect(within(legend).getByText('Pending (striped, dashed outline)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Leave types' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Vacation', 'Sick']);
  });

  it('shows a leave’s details when its bar is pressed, with the reason only when the answer has one', async () => {
    signIn();
    calendarServer();
    const { user } = renderWithProviders(<CalendarPage />, { route: '/calendar?month=2026-06' });
    await user.click(within(await memberRow('Ada Lovelace')).getByRole('button', { name: /^Vacation/ }));
    const details = screen.getByRole('region', { name: 'Leave details' });
    expect(details).toHaveTextContent('Ada Lovelace');
    expect(details).toHaveTextContent('2 June to 4 June');
    expect(details).toHaveTextContent('Reason: Trip');

    await user.click(within(await memberRow('Grace Hopper')).getByRole('button', { name: /^Vacation/ }));
    expect(screen.getByRole('region', { name: 'Leave details' })).toHaveTextContent('Pending');
    expect(screen.getByRole('region', { name: 'Leave details' })).not.toHaveTextContent('Reason');
    await user.click(screen.getByRole('button', { name: 'Close leave details' }));
    expect(screen.queryByRole('region', { name: 'Leave details' })).not.toBeInTheDocument();
  });

  it('on a phone, lists the month day by day: holidays, who is away, type and status, and reasons when present', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12));
    window.innerWidth = 390;
    signIn();
    calendarServer();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = renderWithProviders(<CalendarPage />, { route: '/calendar?month=2026-06' });
    const days = await screen.findByRole('list', { name: 'Days of June 2026' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Today is marked, and a button brings it into view.
    const todayItem = within(days).getByRole('listitem', { name: 'Wednesday 10 June' });
    expect(todayItem).toHaveAttribute('aria-current', 'date');
    expect(todayItem).toHaveTextContent('Today');
    await user.click(screen.getByRole('button', { name: 'Go to today' }));
    expect(scrolled.mock.contexts[0]).toBe(todayItem);
    // Only the days that say something: someone away (1st to 4th, 10th), the holiday (4th) and today (10th).
    expect(
      within(days)
        .getAllByRole('listitem', { name: /June$/ })
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Monday 1 June', 'Tuesday 2 June', 'Wednesday 3 June', 'Thursday 4 June', 'Wednesday 10 June']);

    const tuesday = within(days).getByRole('listitem', { name: 'Tuesday 2 June' });
    const away = within(tuesday).getByRole('list', { name: 'Away on Tuesday 2 June' });
    expect(within(away).getAllByRole('listitem')).toHaveLength(2);
    expect(away).toHaveTextContent('Ada Lovelace');
    expect(away).toHaveTextContent('Reason: Trip');
    expect(away).toHaveTextContent('Linus Pauling');
    expect(away).toHaveTextContent('Sick');

    const holiday = within(days).getByRole('listitem', { name: 'Thursday 4 June' });
    expect(holiday).toHaveTextContent('Holiday: Corpus Christi');

    const grace = within(days).getByRole('listitem', { name: 'Wednesday 10 June' });
    expect(grace).toHaveTextContent('Grace Hopper');
    expect(grace).toHaveTextContent('Pending');
    expect(grace).toHaveTextContent('half day (morning)');
    expect(grace).not.toHaveTextContent('Reason');

    expect(within(days).queryByRole('listitem', { name: 'Friday 5 June' })).not.toBeInTheDocument();
    expect(within(days).queryByRole('listitem', { name: 'Saturday 6 June' })).not.toBeInTheDocument();
  });

  it('moves a month back and forward, and back to this month', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12));
    signIn();
    const months = calendarServer();
    const { user, router } = renderWithProviders(<CalendarPage />, { route: '/calendar' });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'May 2026' })).toBeInTheDocument();
    await waitFor(() => expect(months.at(-1)).toBe('2026-05'));
    expect(router.state.location.search).toBe('?month=2026-05');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(32));

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'July 2026' })).toBeInTheDocument();
    await waitFor(() => expect(months.at(-1)).toBe('2026-07'));
    expect(await screen.findByText('Nobody is away in July 2026.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'June 2026' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('crosses the year with the month buttons', async () => {
    signIn();
    const months = calendarServer();
    const { user } = renderWithProviders(<CalendarPage />, { route: '/calendar?month=2026-01' });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(months.at(-1)).toBe('2025-12'));
    expect(screen.getByRole('heading', { level: 2, name: 'December 2025' })).toBeInTheDocument();
  });

  it('filters the grid and the list by member', async () => {
    signIn();
    calendarServer();
    const { user, router } = renderWithProviders(<CalendarPage />, { route: '/calendar?month=2026-06' });
    await grid();
    const select = screen.getByLabelText('Member');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Ada Lovelace', 'Grace Hopper', 'Linus Pauling']);
    await user.selectOptions(select, 'Grace Hopper');
    expect(router.state.location.search).toContain('member=u2');
    const rows = within(screen.getByRole('table')).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['Grace Hopper']);
    expect(
      within(screen.getByRole('list', { name: 'Leave types' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Vacation']);

    await user.selectOptions(select, 'Everyone');
    expect(within(screen.getByRole('table')).getAllByRole('rowheader')).toHaveLength(3);
  });

  it('filters the phone list by member too', async () => {
    window.innerWidth = 390;
    signIn();
    calendarServer();
    renderWithProviders(<CalendarPage />, { route: '/calendar?month=2026-06&member=u3' });
    const days = await screen.findByRole('list', { name: 'Days of June 2026' });
    const tuesday = within(days).getByRole('listitem', { name: 'Tuesday 2 June' });
    expect(tuesday).toHaveTextContent('Linus Pauling');
    expect(tuesday).not.toHaveTextContent('Ada Lovelace');
    // Grace's day is left out with her; the days of the member shown remain.
    expect(within(days).queryByRole('listitem', { name: 'Wednesday 10 June' })).not.toBeInTheDocument();
  });

  it('on a phone, a month without leaves says so in one line and lists today alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 6, 15, 12));
    window.innerWidth = 390;
    signIn();
    calendarServer();
    renderWithProviders(<CalendarPage />, { route: '/calendar?month=2026-07' });
    const days = await screen.findByRole('list', { name: 'Days of July 2026' });
    expect(screen.getByText('Nobody is away in July 2026.')).toBeInTheDocument();
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Wednesday 15 July']);
  });
});

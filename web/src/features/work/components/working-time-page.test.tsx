import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate, todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { paths } from '@/config/paths';
import { renderRoutes, renderWithProviders, setCookies } from '@/testing/test-utils';
import { addMonths } from '../utils/dates';
import type { Timesheet, WorkDay, WorkPeriod, WorkSchedule } from '../api/work';
import { monthLabel } from './work-bits';
import { WorkingTimePage } from './working-time-page';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const today = todayIso();
const month = today.slice(0, 7);
const noCredit = { holiday: null, leave: null };

const period: WorkPeriod = {
  _id: 'p1',
  userId: 'u1',
  date: today,
  start: '08:00',
  end: '12:00',
  minutes: 240,
  nextDay: false,
  note: 'Forgot to clock in',
  source: 'manual',
  autoClosed: false,
  changes: [
    {
      action: 'edited',
      by: 'u2',
      byName: 'Grace Hopper',
      at: new Date().toISOString(),
      note: 'Started earlier',
      previous: { date: today, start: '09:00', end: '12:00' },
    },
  ],
  createdAt: '2025-06-01T08:00:00Z',
  updatedAt: '2025-06-01T08:00:00Z',
};

const workDay: WorkDay = {
  date: today,
  periods: [period],
  breaks: [],
  open: null,
  worked: 240,
  rest: 0,
  paidBreaks: 0,
  target: 480,
  difference: -240,
  credit: { holiday: null, leave: { type: 'Vacation', half: true } },
  deletedChanges: [],
  findings: [],
};

const schedule: WorkSchedule = {
  team: { weekdays: [480, 480, 480, 480, 480, 0, 0], paidBreakTypes: [] },
  mine: { from: null, weekdays: [480, 480, 480, 480, 480, 0, 0] },
  history: [],
};

const approvedAt = `${month}-01T09:30:00Z`;

const sheet = (status: Timesheet['status'], userId = 'u1', name = 'Ada Lovelace'): Timesheet => ({
  month,
  userId,
  name,
  team: 'Analytical Engines',
  status,
  history: [],
  days: [workDay],
  worked: 240,
  target: 480,
  difference: -240,
  locked: status === 'approved',
  approvedBy: status === 'approved' ? 'Grace Hopper' : null,
  approvedAt: status === 'approved' ? approvedAt : null,
});

function pageServer({
  role = 'member',
  editStatus,
  carriedOver = 60,
  sheetStatus = 'open',
}: { role?: 'member' | 'admin'; editStatus?: number; carriedOver?: number | null; sheetStatus?: Timesheet['status'] } = {}) {
  const calls: Array<{ method: string; path: string; body: unknown; query: string }> = [];
  const reads: string[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined, query: url.search });
  };
  server.use(
    http.get(api('/user/profile'), () => ok({ role, name: 'Ada Lovelace' })),
    http.get(api('/type/get'), () => ok([{ type: ['Coffee Break'] }])),
    http.get(api('/work/day'), () => ok(workDay)),
    http.get(api('/work/summary'), ({ request }) => {
      const url = new URL(request.url);
      return ok({ from: url.searchParams.get('from'), to: url.searchParams.get('to'), days: [], worked: 240, target: 480, difference: -240 });
    }),
    http.get(api('/work/balance'), () =>
      ok({
        balance: -30,
        since: '2025-01-01',
        through: today,
        carriedOver,
        adjustments: [],
        today: { date: today, worked: 240, target: 480, difference: -240, credit: noCredit },
        week: { worked: 240, target: 2400, difference: -2160 },
      }),
    ),
    http.get(api('/work/schedule'), () => ok(schedule)),
    http.get(api('/timesheets/:month'), ({ request, params }) => {
      const url = new URL(request.url);
      reads.push(url.pathname + url.search);
      const userId = url.searchParams.get('userId');
      const answer = userId === 'u2' ? sheet('submitted', 'u2', 'Grace Hopper') : sheet(sheetStatus);
      return ok({ ...answer, month: params['month'] });
    }),
    http.get(api('/timesheets'), ({ request }) => {
      const url = new URL(request.url);
      reads.push(url.pathname + url.search);
      return ok([
        { userId: 'u1', name: 'Ada Lovelace', month, status: 'open', worked: 240, target: 480, difference: -240 },
        { userId: 'u2', name: 'Grace Hopper', month, status: 'submitted', worked: 480, target: 480, difference: 0 },
      ]);
    }),
    http.post(api('/work/periods'), async ({ request }) => {
      await record(request);
      return ok(period, 201);
    }),
    http.put(api('/work/periods/:id'), async ({ request }) => {
      await record(request);
      return editStatus === 409 ? fail(409, 'The timesheet of November 2026 is approved and locked.') : ok(period);
    }),
    http.put(api('/work/balance/carry-over'), async ({ request }) => {
      await record(request);
      return fail(409, 'The carried-over balance is already set.');
    }),
    http.post(api('/work/balance/adjustments'), async ({ request }) => {
      await record(request);
      const body = calls.at(-1)?.body as { note?: string };
      return body.note === 'too late' ? fail(422, 'Invalid input.', { note: 'The note is not accepted.' }) : ok({}, 201);
    }),
    http.post(api(`/timesheets/${month}/:action`), async ({ request }) => {
      await record(request);
      return ok(sheet('approved', 'u2', 'Grace Hopper'));
    }),
  );
  return { calls, reads };
}

describe('the Working time page', () => {
  it('shows the day: its period with the manual change, the credit, and the totals', async () => {
    signIn();
    pageServer();
    renderWithProviders(<WorkingTimePage />);
    const day = await screen.findByRole('region', { name: 'Day' });
    expect(await within(day).findByText('8:00 AM – 12:00 PM · 4 h')).toBeInTheDocument();
    expect(within(day).getByText('Changed by hand')).toBeInTheDocument();
    expect(within(day).getByText('Half-day leave: Vacation')).toBeInTheDocument();
    expect(within(day).getByRole('list', { name: 'Changes' })).toHaveTextContent(/Changed by Grace Hopper, .* · was .* 09:00 – 12:00 · note: Started earlier/);
    expect(within(day).getByText('Difference').nextSibling).toHaveTextContent('−4 h');
    expect(await screen.findByRole('region', { name: 'Overtime balance' })).toHaveTextContent('−30 min');
  });

  it('adds a period only with a note, and sends it', async () => {
    signIn();
    const { calls } = pageServer();
    const user = userEvent.setup();
    renderWithProviders(<WorkingTimePage />);
    const day = await screen.findByRole('region', { name: 'Day' });
    await user.click(await within(day).findByRole('button', { name: 'Add a period' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a work period' });
    await user.type(within(dialog).getByLabelText('Start'), '13:00');
    await user.type(within(dialog).getByLabelText('End'), '17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A note is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByLabelText('Note'), 'Afternoon at the client');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/work/periods',
      body: { date: today, start: '13:00', end: '17:00', note: 'Afternoon at the client' },
    });
  });

  it('shows a day of an approved month as locked: the badge, who approved it and when, and no write controls', async () => {
    signIn();
    pageServer({ sheetStatus: 'approved' });
    renderWithProviders(<WorkingTimePage />);
    const day = await screen.findByRole('region', { name: 'Day' });
    expect(await within(day).findByText('Locked')).toBeInTheDocument();
    expect(within(day).getByText(`Approved by Grace Hopper on ${formatDate(todayIso(new Date(approvedAt)))}`)).toBeInTheDocument();
    expect(within(day).getByText("This month's timesheet is approved: its days can no longer be changed.")).toBeInTheDocument();
    expect(within(day).getByText('8:00 AM – 12:00 PM · 4 h')).toBeInTheDocument();
    expect(within(day).queryByRole('button', { name: 'Add a period' })).not.toBeInTheDocument();
    expect(within(day).queryByRole('button', { name: 'Edit the period from 8:00 AM' })).not.toBeInTheDocument();
    expect(within(day).queryByRole('button', { name: 'Delete the period from 8:00 AM' })).not.toBeInTheDocument();
  });

  it('offers the write controls on a day of an open month, without the lock', async () => {
    signIn();
    pageServer();
    renderWithProviders(<WorkingTimePage />);
    const day = await screen.findByRole('region', { name: 'Day' });
    expect(await within(day).findByRole('button', { name: 'Edit the period from 8:00 AM' })).toBeInTheDocument();
    expect(within(day).getByRole('button', { name: 'Add a period' })).toBeInTheDocument();
    expect(within(day).queryByText('Locked')).not.toBeInTheDocument();
  });

  it("shows a locked month's 409 as the edit form's error", async () => {
    signIn();
    pageServer({ editStatus: 409 });
    const user = userEvent.setup();
    renderWithProviders(<WorkingTimePage />);
    const day = await screen.findByRole('region', { name: 'Day' });
    await user.click(await within(day).findByRole('button', { name: 'Edit the period from 8:00 AM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the work period' });
    await user.type(within(dialog).getByLabelText('Note'), 'Started earlier');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The timesheet of November 2026 is approved and locked.');
  });

  it("lets an approver approve a member's month from the team's timesheets", async () => {
    signIn();
    const { calls } = pageServer({ role: 'admin' });
    const user = userEvent.setup();
    renderWithProviders(<WorkingTimePage />);
    const team = await screen.findByRole('region', { name: "The team's timesheets" });
    await user.click(await within(team).findByRole('button', { name: "Approve Grace Hopper's month" }));
    const dialog = await screen.findByRole('dialog', { name: /^Approve the timesheet of Grace Hopper/ });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/timesheets/${month}/approve`, body: { userId: 'u2' } });
  });

  it('asks for a comment to return a month', async () => {
    signIn();
    const { calls } = pageServer({ role: 'admin' });
    const user = userEvent.setup();
    renderWithProviders(<WorkingTimePage />, { route: '/working-time?userId=u2' });
    const timesheet = await screen.findByRole('region', { name: 'Timesheet' });
    await user.click(await within(timesheet).findByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: /^Return the timesheet of Grace Hopper/ });
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(await within(dialog).findByText('A comment is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("lets an approver set a member's carried-over balance once and add adjustments, with the server's refusals", async () => {
    signIn();
    const { calls } = pageServer({ role: 'admin' });
    const user = userEvent.setup();
    renderWithProviders(<WorkingTimePage />, { route: '/working-time?userId=u2' });
    const balance = await screen.findByRole('region', { name: 'Overtime balance' });
    // The balance already carries a value: only the adjustment form is offered.
    const adjust = await within(balance).findByRole('form', { name: 'Add an adjustment' });
    expect(within(balance).queryByRole('form', { name: 'Carried-over balance' })).toBeNull();
    await user.type(within(adjust).getByLabelText('Hours'), '2 hours');
    await user.click(within(adjust).getByRole('button', { name: 'Add the adjustment' }));
    expect(await within(adjust).findByText('Enter hours as +1:30 or -0:45.')).toBeInTheDocument();
    expect(await within(adjust).findByText('A note is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(within(adjust).getByLabelText('Hours'));
    await user.type(within(adjust).getByLabelText('Hours'), '-1:30');
    await user.type(within(adjust).getByLabelText('Note'), 'too late');
    await user.click(within(adjust).getByRole('button', { name: 'Add the adjustment' }));
    expect(await within(adjust).findByText('The note is not accepted.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/work/balance/adjustments', body: { userId: 'u2', minutes: -90, note: 'too late' } });
  });

  it('shows the 409 of a carried-over balance already set as the form’s error', async () => {
    signIn();
    const { calls } = pageServer({ role: 'admin', carriedOver: null });
    const user = userEvent.setup();
    renderWithProviders(<WorkingTimePage />, { route: '/working-time?userId=u2' });
    const balance = await screen.findByRole('region', { name: 'Overtime balance' });
    const carry = await within(balance).findByRole('form', { name: 'Carried-over balance' });
    await user.type(within(carry).getByLabelText('Hours'), '+12:15');
    await user.type(within(carry).getByLabelText('Note'), 'From the old system');
    await user.click(within(carry).getByRole('button', { name: 'Set the carried-over balance' }));
    expect(await within(carry).findByRole('alert')).toHaveTextContent('The carried-over balance is already set.');
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/work/balance/carry-over', body: { userId: 'u2', minutes: 735, note: 'From the old system' } });
  });

  it("opens a notice's link on that month's timesheet", async () => {
    signIn();
    const { reads } = pageServer();
    const earlier = addMonths(month, -2);
    renderRoutes([{ path: paths.workingTimeTimesheet, element: <WorkingTimePage /> }], `/working-time/timesheets/${earlier}`);
    const heading = await screen.findByRole('heading', { name: 'Timesheet' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(reads).toContain(`/timesheets/${earlier}`));
    // The timesheet shown is the linked month's (the day above reads this month's for its lock).
    expect(within(screen.getByRole('region', { name: 'Timesheet' })).getByText(monthLabel(earlier))).toBeInTheDocument();
  });

  it("opens a notice's link for an approver on the team's overview of that month", async () => {
    signIn();
    const { reads } = pageServer({ role: 'admin' });
    const earlier = addMonths(month, -1);
    const user = userEvent.setup();
    renderRoutes([{ path: paths.workingTimeTimesheet, element: <WorkingTimePage /> }], `/working-time/timesheets/${earlier}`);
    const heading = await screen.findByRole('heading', { name: "The team's timesheets" });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(reads).toContain(`/timesheets?month=${earlier}`));
    // Viewing a member opens their timesheet of the same month.
    const team = screen.getByRole('region', { name: "The team's timesheets" });
    await user.click(await within(team).findByRole('button', { name: "View Grace Hopper's working time" }));
    await waitFor(() => expect(reads).toContain(`/timesheets/${earlier}?userId=u2`));
  });
});

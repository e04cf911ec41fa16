import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayIso } from '@/lib/format';
import { addDaysIso } from '@/lib/iso-date';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { OfflineSync } from '@/components/offline/offline-sync';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Leave } from '../api/leaves';
import type { Balance } from '../api/types';
import { makeLeave as leave, sick, teamTypes } from '../test-fixtures';
import { LeavesPage } from './leaves-page';

const THIS_YEAR = Number(todayIso().slice(0, 4));

const balanceOf = (figures: Partial<Balance> = {}): Balance => ({
  userId: 'u1',
  year: THIS_YEAR,
  allowance: 25,
  carriedOver: 0,
  taken: 0,
  planned: 0,
  pending: 0,
  remaining: 25,
  ...figures,
});

const signIn = () => {
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });
  server.use(
    http.get(api('/leaves/types'), () => ok(teamTypes)),
    http.get(api('/leaves/balance'), () => ok(balanceOf())),
    http.get(api('/leaves/preview'), () => ok({ workingDays: 1, countsAgainstAllowance: true, year: THIS_YEAR, remainingAfter: 24 })),
  );
};

const listLeaves = (leaves: () => Leave[]) => http.get(api('/leaves/list'), () => ok({ leaves: leaves(), totalCount: leaves().length }));
const row = (text: string) =>
  within(screen.getByRole('list', { name: 'Your leaves' }))
    .getByText(text)
    .closest('li')!;

describe('leaves page', () => {
  it('lists the leaves with en-GB dates and days, 20 per page', async () => {
    signIn();
    const all = Array.from({ length: 25 }, (_, i) => leave(i + 1));
    const queries: Record<string, string>[] = [];
    server.use(
      http.get(api('/leaves/list'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const skip = Number(query.skip);
        return ok({ leaves: all.slice(skip, skip + Number(query.limit)), totalCount: all.length });
      }),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    const list = await screen.findByRole('list', { name: 'Your leaves' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(list).toHaveTextContent('02/06/2020 – 04/06/2020');
    expect(list).toHaveTextContent('3 days');
    expect(list).toHaveTextContent('Past');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your leaves' })).getAllByRole('listitem')).toHaveLength(5));
    expect(queries.at(-1)).toEqual({ skip: '20', limit: '20' });
  });

  it('deletes a leave after the generic confirmation', async () => {
    signIn();
    let all = [leave(1, { fromDate: '2020-06-02', toDate: '2020-06-02', days: 1 })];
    server.use(
      http.get(api('/leaves/list'), () => ok({ leaves: all, totalCount: all.length })),
      http.delete(api('/leaves/delete/l1'), () => {
        all = [];
        return ok({ _id: 'l1', message: 'Deleted' });
      }),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete leave 02/06/2020' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toHaveTextContent('Your record has been deleted.');
    expect(await screen.findByText('You have not recorded any leaves.')).toBeInTheDocument();
  });

  it('opens the add dialog', async () => {
    signIn();
    server.use(http.get(api('/leaves/list'), () => ok({ leaves: [], totalCount: 0 })));
    const { user } = renderWithProviders(<LeavesPage />);
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByRole('dialog', { name: 'Add leave' })).toBeInTheDocument();
  });

  it('shows each leave with its type, its status, and the decision with its comment', async () => {
    signIn();
    const all = [
      leave(1, { status: 'pending', reason: 'Beach' }),
      leave(2, {
        status: 'declined',
        reason: 'Ski trip',
        decidedBy: 'u2',
        decidedByName: 'Grace Hopper',
        decidedAt: '2020-06-01T10:00:00Z',
        comment: 'Release week, sorry',
      }),
      leave(3, { status: 'approved', typeId: sick._id, reason: 'Flu', decidedBy: 'u2', decidedByName: 'Grace Hopper', decidedAt: '2020-05-30T10:00:00Z' }),
      leave(4, { status: 'cancelled', reason: 'Changed plans' }),
    ];
    server.use(listLeaves(() => all));
    renderWithProviders(<LeavesPage />);
    await screen.findByRole('list', { name: 'Your leaves' });
    await waitFor(() => expect(row('Beach')).toHaveTextContent('Vacation'));
    expect(row('Beach')).toHaveTextContent('Status: Pending');
    expect(row('Ski trip')).toHaveTextContent('Status: Declined');
    expect(row('Ski trip')).toHaveTextContent('Declined by Grace Hopper on 01/06/2020');
    expect(row('Ski trip')).toHaveTextContent('“Release week, sorry”');
    expect(row('Flu')).toHaveTextContent('Sick');
    expect(row('Flu')).toHaveTextContent('Status: Approved');
    expect(row('Flu')).toHaveTextContent('Approved by Grace Hopper on 30/05/2020');
    expect(row('Changed plans')).toHaveTextContent('Status: Cancelled');
  });

  it('offers one way to remove a leave in each state, and Edit unless an approver decided', async () => {
    signIn();
    const today = todayIso();
    const later = addDaysIso(today, 5);
    const all = [
      leave(1, { status: 'pending', fromDate: today, toDate: today, days: 1, reason: 'pending today' }),
      leave(2, { status: 'approved', fromDate: later, toDate: later, days: 1, reason: 'approved later', decidedBy: 'u2', decidedByName: 'Grace' }),
      leave(3, { status: 'approved', fromDate: today, toDate: today, days: 1, reason: 'approved today', decidedBy: 'u2' }),
      leave(4, { status: 'approved', fromDate: later, toDate: later, days: 1, reason: 'approved alone' }),
      leave(5, { status: 'declined', fromDate: later, toDate: later, days: 1, reason: 'declined', decidedBy: 'u2' }),
      leave(6, { status: 'cancelled', fromDate: later, toDate: later, days: 1, reason: 'cancelled' }),
    ];
    server.use(listLeaves(() => all));
    renderWithProviders(<LeavesPage />);
    await screen.findByRole('list', { name: 'Your leaves' });
    const buttons = (reason: string) =>
      within(row(reason))
        .getAllByRole('button')
        .map((button) => button.textContent);
    // One way to remove a leave in each state.
    expect(buttons('pending today')).toEqual(['Edit', 'Cancel request']);
    expect(buttons('approved later')).toEqual(['Cancel leave']);
    expect(buttons('approved today')).toEqual(['Delete']);
    expect(buttons('approved alone')).toEqual(['Edit', 'Delete']);
    expect(buttons('declined')).toEqual(['Delete']);
    expect(buttons('cancelled')).toEqual(['Delete']);
  });

  it('cancels a request after confirming, and shows it cancelled', async () => {
    signIn();
    const later = addDaysIso(todayIso(), 3);
    let all = [leave(1, { status: 'pending', fromDate: later, toDate: later, days: 1, reason: 'Beach' })];
    const cancelled = vi.fn();
    server.use(
      listLeaves(() => all),
      http.post(api('/leaves/cancel/l1'), () => {
        cancelled();
        all = [{ ...all[0]!, status: 'cancelled' }];
        return ok(all[0]);
      }),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    const cancel = await screen.findByRole('button', { name: /^Cancel request/ });
    await user.click(cancel);
    const question = screen.getByRole('alertdialog', { name: 'Cancel this leave request?' });
    await user.click(within(question).getByRole('button', { name: 'No, keep it' }));
    expect(cancelled).not.toHaveBeenCalled();
    await user.click(cancel);
    await user.click(within(screen.getByRole('alertdialog', { name: 'Cancel this leave request?' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Leave request cancelled')).toBeInTheDocument();
    expect(cancelled).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(row('Beach')).toHaveTextContent('Status: Cancelled'));
    expect(screen.queryByRole('button', { name: /^Cancel request/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal to cancel", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const later = addDaysIso(todayIso(), 3);
    server.use(
      listLeaves(() => [leave(1, { status: 'approved', fromDate: later, toDate: later, days: 1, decidedBy: 'u2' })]),
      http.post(api('/leaves/cancel/l1'), () => fail(409, 'This leave has already started.')),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    await user.click(await screen.findByRole('button', { name: /^Cancel leave/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('This leave has already started.')).toBeInTheDocument();
  });
});

describe('balance card', () => {
  const card = () => screen.getByRole('region', { name: `Leave balance ${THIS_YEAR}` });

  it("shows this year's allowance, carried over, taken, planned, pending and remaining days", async () => {
    signIn();
    const years: (string | null)[] = [];
    server.use(
      listLeaves(() => []),
      http.get(api('/leaves/balance'), ({ request }) => {
        years.push(new URL(request.url).searchParams.get('year'));
        return ok(balanceOf({ allowance: 25, carriedOver: 0, taken: 5, pending: 0.5, remaining: 19.5 }));
      }),
    );
    renderWithProviders(<LeavesPage />);
    await waitFor(() => expect(card()).toHaveTextContent('Allowance 25 Carried over 0 Taken 5 Planned 0 Pending 0.5 Remaining 19.5'));
    expect(within(card()).getByText('In working days')).toBeInTheDocument();
    expect(years).toEqual([String(THIS_YEAR)]);
  });

  it('reloads after a leave is added', async () => {
    signIn();
    let all: Leave[] = [];
    let balance = balanceOf({ allowance: 2, remaining: 2 });
    server.use(
      listLeaves(() => all),
      http.get(api('/leaves/balance'), () => ok(balance)),
      http.post(api('/leaves/add'), async ({ request }) => {
        const body = (await request.json()) as Leave;
        all = [leave(1, { ...body, status: 'pending', workingDays: 1, days: 1 })];
        balance = balanceOf({ allowance: 2, pending: 1, remaining: 1 });
        return ok(all[0], 201);
      }),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    await waitFor(() => expect(card()).toHaveTextContent('Pending 0 Remaining 2'));
    await user.click(screen.getByRole('button', { name: 'Add leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add leave' });
    await within(dialog).findByRole('option', { name: 'Vacation' });
    fireEvent.change(within(dialog).getByLabelText('From date'), { target: { value: `${THIS_YEAR}-06-01` } });
    fireEvent.change(within(dialog).getByLabelText('To date'), { target: { value: `${THIS_YEAR}-06-01` } });
    await user.type(within(dialog).getByLabelText('Reason'), 'Dentist');
    await user.click(within(dialog).getByRole('button', { name: 'Add leave' }));
    expect(await screen.findByText('Leave requested: waiting for approval')).toBeInTheDocument();
    await waitFor(() => expect(card()).toHaveTextContent('Pending 1 Remaining 1'));
    expect(row('Dentist')).toHaveTextContent('1 working day');
  });

  it('reloads after a leave is deleted', async () => {
    signIn();
    // Declined: a leave that is deleted, not cancelled.
    let all = [leave(1, { status: 'declined', reason: 'Beach', days: 1, workingDays: 1, fromDate: '2020-06-02', toDate: '2020-06-02' })];
    let balance = balanceOf({ pending: 1, remaining: 24 });
    server.use(
      listLeaves(() => all),
      http.get(api('/leaves/balance'), () => ok(balance)),
      http.delete(api('/leaves/delete/l1'), () => {
        all = [];
        balance = balanceOf();
        return ok({ _id: 'l1', message: 'Deleted' });
      }),
    );
    const { user } = renderWithProviders(<LeavesPage />);
    await waitFor(() => expect(card()).toHaveTextContent('Pending 1 Remaining 24'));
    await user.click(await screen.findByRole('button', { name: 'Delete leave 02/06/2020' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(card()).toHaveTextContent('Pending 0 Remaining 25'));
  });

  it('says when the balance could not be loaded, without hiding the leaves', async () => {
    signIn();
    server.use(
      listLeaves(() => [leave(1, { reason: 'Beach' })]),
      http.get(api('/leaves/balance'), () => fail(500, 'Something went wrong.')),
    );
    renderWithProviders(<LeavesPage />);
    expect(
      await within(await screen.findByRole('region', { name: `Leave balance ${THIS_YEAR}` })).findByText('Your balance could not be loaded.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Beach')).toBeInTheDocument();
  });
});

describe('working days in the list', () => {
  it('shows the working days of each leave, a half day, and the calendar days of older leaves', async () => {
    signIn();
    server.use(
      listLeaves(() => [
        leave(1, { reason: 'Trip', days: 3, workingDays: 3 }),
        leave(2, { reason: 'Long weekend', days: 4, workingDays: 2 }),
        leave(3, { reason: 'Dentist', days: 1, fromDate: '2020-06-02', toDate: '2020-06-02', halfDay: 'am', workingDays: 0.5 }),
        leave(4, { reason: 'Errands', days: 1, fromDate: '2020-06-03', toDate: '2020-06-03', halfDay: 'pm', workingDays: 0.5 }),
        leave(5, { reason: 'Old one', days: 2 }),
      ]),
    );
    renderWithProviders(<LeavesPage />);
    await screen.findByRole('list', { name: 'Your leaves' });
    expect(row('Trip')).toHaveTextContent('3 working days');
    expect(row('Long weekend')).toHaveTextContent('4 days · 2 working days');
    expect(row('Dentist')).toHaveTextContent('1 day · half day (morning)');
    expect(row('Errands')).toHaveTextContent('1 day · half day (afternoon)');
    expect(row('Old one')).toHaveTextContent('2 days');
    expect(row('Old one')).not.toHaveTextContent('working');
  });
});

describe('a leave requested without a connection', () => {
  /** Fills and sends the add dialog. */
  async function requestLeave(user: ReturnType<typeof renderWithProviders>['user'], from: string, to: string, reason: string) {
    await user.click(await screen.findByRole('button', { name: 'Add leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add leave' });
    await within(dialog).findByRole('option', { name: 'Sick' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Sick');
    fireEvent.change(within(dialog).getByLabelText('From date'), { target: { value: from } });
    fireEvent.change(within(dialog).getByLabelText('To date'), { target: { value: to } });
    await user.type(within(dialog).getByLabelText('Reason'), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Add leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add leave' })).not.toBeInTheDocument());
  }

  it('waits in the list with the dates and type entered, and the server’s answer replaces it once synced', async () => {
    signIn();
    let all: Leave[] = [];
    const sent: unknown[] = [];
    server.use(
      listLeaves(() => all),
      http.post(api('/leaves/add'), async ({ request }) => {
        const body = (await request.json()) as Partial<Leave>;
        sent.push(body);
        const saved = leave(9, { ...body, typeId: sick._id, status: 'approved', days: 2 });
        all = [saved];
        return ok(saved, 201);
      }),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderWithProviders(
      <>
        <OfflineSync />
        <LeavesPage />
      </>,
    );
    await screen.findByText('You have not recorded any leaves.');

    await requestLeave(user, '2031-03-03', '2031-03-04', 'Family visit');

    const waiting = row('Family visit');
    expect(waiting).toHaveTextContent('03/03/2031 – 04/03/2031');
    expect(waiting).toHaveTextContent('Sick');
    expect(waiting).toHaveTextContent('Waiting to sync');
    expect(waiting).toHaveTextContent('Days and approval are worked out when it syncs.');
    // No day count and no status: the server works them out.
    expect(waiting).not.toHaveTextContent(/\d+ days?\b/);
    expect(within(waiting).queryByText('Approved')).not.toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Discard leave 03/03/2031 – 04/03/2031' })).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /^Edit|^Delete|^Cancel/ })).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    // Back online: the app's sync sends it and reloads the lists.
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('1 change synced.')).toBeInTheDocument();

    expect(sent).toEqual([expect.objectContaining({ fromDate: '2031-03-03', toDate: '2031-03-04', reason: 'Family visit', typeId: sick._id })]);
    await waitFor(() => expect(row('Family visit')).toHaveTextContent('2 days'));
    expect(row('Family visit')).not.toHaveTextContent('Waiting to sync');
    expect(within(row('Family visit')).getByText('Approved')).toBeInTheDocument();
  });

  it('refused by the server (over the balance), it stays in the list as not saved, with the server’s message, until discarded', async () => {
    signIn();
    server.use(
      listLeaves(() => []),
      http.post(api('/leaves/add'), () =>
        fail(422, 'This leave takes 2 days but you have 1 day left in 2031.', { toDate: 'This leave takes 2 days but you have 1 day left in 2031.' }),
      ),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderWithProviders(<LeavesPage />);
    await screen.findByText('You have not recorded any leaves.');
    await requestLeave(user, '2031-03-03', '2031-03-04', 'Family visit');
    onLine.mockRestore();

    const { syncNow } = await import('@/lib/offline/write');
    await syncNow();

    const refused = row('Family visit');
    await waitFor(() => expect(refused).toHaveTextContent('Not saved'));
    expect(refused).toHaveTextContent('This leave takes 2 days but you have 1 day left in 2031.');
    expect(refused).not.toHaveTextContent('Days and approval are worked out when it syncs.');
    await user.click(within(refused).getByRole('button', { name: 'Discard leave 03/03/2031 – 04/03/2031' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('You have not recorded any leaves.')).toBeInTheDocument();
  });

  it('an edit waits with the new dates, and is sent with If-Match naming the version it began from', async () => {
    signIn();
    const stored = leave(1, { fromDate: '2031-05-04', toDate: '2031-05-04', days: 1, status: 'pending', updatedAt: '2031-01-01T08:00:00.000Z' });
    const ifMatch: (string | null)[] = [];
    server.use(
      listLeaves(() => [stored]),
      http.put(api('/leaves/edit/l1'), async ({ request }) => {
        ifMatch.push(request.headers.get('If-Match'));
        return ok({ ...stored, ...((await request.json()) as object), updatedAt: '2031-01-02T08:00:00.000Z' });
      }),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderWithProviders(<LeavesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit leave 04/05/2031' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit leave' });
    fireEvent.change(within(dialog).getByLabelText('To date'), { target: { value: '2031-05-05' } });
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit leave' })).not.toBeInTheDocument());

    const waiting = row('Reason 1');
    expect(waiting).toHaveTextContent('04/05/2031 – 05/05/2031');
    expect(waiting).toHaveTextContent('Waiting to sync');
    expect(within(waiting).queryByText('Pending')).not.toBeInTheDocument();

    onLine.mockRestore();
    const { syncNow } = await import('@/lib/offline/write');
    await syncNow();
    expect(ifMatch).toEqual(['"2031-01-01T08:00:00.000Z"']);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayIso } from '@/lib/format';
import { enqueue, queueSnapshot } from '@/lib/offline/queue';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Break, OpenBreak } from '../api/breaks';
import { BreaksPage } from './breaks-page';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const record = (overrides: Partial<Break>): Break => ({
  _id: 'b1',
  userId: 'u1',
  startTime: '09:00',
  endTime: '09:15',
  duration: 15,
  createdDate: todayIso(),
  reason: '',
  type: 'Coffee Break',
  isClosed: true,
  isModal: false,
  live: false,
  createdAt: '2025-06-01T08:00:00Z',
  updatedAt: '2025-06-01T08:00:00Z',
  ...overrides,
});

/** An in-memory server for one user's breaks, with the live break. */
function breaksServer(initial: Break[] = []) {
  let breaks = [...initial];
  let current: OpenBreak | null = null;
  const dates: string[] = [];
  server.use(
    http.get(api('/type/get'), () => ok([{ type: ['Coffee Break', 'Walk'] }])),
    http.get(api('/break/todayBreaks'), ({ request }) => {
      dates.push(new URL(request.url).searchParams.get('todayCreatedDate') ?? '');
      return ok(breaks);
    }),
    http.get(api('/break/current'), () => ok(current)),
    http.post(api('/break/start'), async ({ request }) => {
      const body = (await request.json()) as { type: string; reason: string };
      current = {
        userId: 'u1',
        teamId: 't1',
        name: 'Ada',
        type: body.type,
        reason: body.reason,
        since: new Date(Date.now() - 65_000).toISOString(),
        startTime: '10:00',
        createdDate: todayIso(),
        timeZone: 'UTC',
      };
      return ok(current, 201);
    }),
    http.post(api('/break/end'), () => {
      const ended = record({ _id: 'live', type: current!.type, startTime: '10:00', endTime: '10:02', duration: 2, live: true });
      current = null;
      breaks = [...breaks, ended];
      return ok(ended);
    }),
    http.delete(api('/break/delete/:id'), ({ params }) => {
      breaks = breaks.filter((item) => item._id !== params.id);
      return ok({ _id: params.id, message: 'Deleted' });
    }),
  );
  return { dates };
}

describe('dashboard', () => {
  it("asks for today's breaks by the local date and shows the empty state with 0 minutes", async () => {
    signIn();
    const { dates } = breaksServer();
    renderWithProviders(<BreaksPage />);
    expect(await screen.findByText('You have not taken any breaks today')).toBeInTheDocument();
    expect(screen.getByText('0 minutes')).toBeInTheDocument();
    expect(dates).toEqual([todayIso()]);
  });

  it('lists the breaks in 12-hour form with the total minutes', async () => {
    signIn();
    breaksServer([
      record({ _id: 'b1', startTime: '13:05', endTime: '13:35', duration: 30, type: 'Lunch Break' }),
      record({ _id: 'b2', startTime: '23:50', endTime: '00:10', duration: 20 }),
    ]);
    renderWithProviders(<BreaksPage />);
    const list = await screen.findByRole('list', { name: "Today's breaks" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('1:05 PM – 1:35 PM');
    expect(list).toHaveTextContent('11:50 PM – 12:10 AM (next day)');
    expect(screen.getByText('50 minutes')).toBeInTheDocument();
  });

  it('says "1 minute", not "1 minutes", when the day holds one minute of breaks', async () => {
    signIn();
    breaksServer([record({ _id: 'b1', startTime: '13:05', endTime: '13:06', duration: 1 })]);
    renderWithProviders(<BreaksPage />);
    await screen.findByRole('list', { name: "Today's breaks" });
    expect(screen.getByText('1 minute')).toBeInTheDocument();
    expect(screen.queryByText('1 minutes')).not.toBeInTheDocument();
  });

  it('starts a live break, shows it running, ends it and lists it', async () => {
    signIn();
    breaksServer();
    const { user } = renderWithProviders(<BreaksPage />);
    const start = await screen.findByRole('button', { name: 'Start break' });
    // The form shows at once, and is usable once the server said there is no break running.
    await waitFor(() => expect(start).toBeEnabled());
    await screen.findByRole('option', { name: 'Walk' });
    await user.selectOptions(screen.getByLabelText('Break type'), 'Walk');
    await user.type(screen.getByLabelText('Reason (optional)'), 'fresh air');
    await user.click(start);
    const timer = await screen.findByRole('timer', { name: 'Time on break' });
    expect(timer.textContent).toMatch(/^1:0\d$/);
    expect(screen.getByText('On break')).toBeInTheDocument();
    expect(screen.getByText('Since 10:00 AM · fresh air')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End break' }));
    expect(await screen.findByRole('button', { name: 'Start break' })).toBeInTheDocument();
    expect(await screen.findByText('Walk: 2 min.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: "Today's breaks" });
    expect(list).toHaveTextContent('10:00 AM – 10:02 AM');
  });

  it("offline, starts a live break and runs its timer, ends it and lists it waiting to sync, with the taps' times queued", async () => {
    signIn();
    breaksServer();
    const { user } = renderWithProviders(<BreaksPage />);
    const start = await screen.findByRole('button', { name: 'Start break' });
    await waitFor(() => expect(start).toBeEnabled());
    await screen.findByRole('option', { name: 'Walk' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.selectOptions(screen.getByLabelText('Break type'), 'Walk');
    await user.click(start);

    const timer = await screen.findByRole('timer', { name: 'Time on break' });
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
    expect(timer).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End break' }));
    expect(await screen.findByRole('button', { name: 'Start break' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: "Today's breaks" });
    expect(within(list).getByText('Walk')).toBeInTheDocument();
    expect(within(list).getByText('Waiting to sync')).toBeInTheDocument();

    const queued = queueSnapshot();
    expect(queued.map((item) => [item.path, Object.keys(item.body ?? {}).sort()])).toEqual([
      ['/break/start', ['at', 'reason', 'type']],
      ['/break/end', ['at']],
    ]);
    expect(queued[1]?.meta).toMatchObject({ type: 'Walk', after: queued[0]?.key });
  });

  it('shows a break added or edited offline with the duration of its times until it syncs (the body does not carry it)', async () => {
    signIn();
    breaksServer([record({ _id: 'b1', startTime: '09:00', endTime: '09:15', duration: 15 })]);
    const base = { userId: 'u1', kind: 'break', label: 'Break' } as const;
    await enqueue({
      ...base,
      key: 'k1',
      action: 'add',
      method: 'POST',
      path: '/break/add',
      body: { type: 'Walk', createdDate: todayIso(), startTime: '10:00', endTime: '10:45', reason: '' },
    });
    await enqueue({
      ...base,
      key: 'k2',
      action: 'edit',
      method: 'PUT',
      path: '/break/edit/b1',
      recordId: 'b1',
      body: { type: 'Coffee Break', createdDate: todayIso(), startTime: '09:00', endTime: '09:45', reason: '' },
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<BreaksPage />);
    const list = await screen.findByRole('list', { name: "Today's breaks" });
    await waitFor(() => expect(within(list).getAllByText('Waiting to sync')).toHaveLength(2));
    expect(screen.getByText('90 minutes')).toBeInTheDocument();
  });

  it("explains 'You are already on a break.' and shows the break started elsewhere", async () => {
    signIn();
    breaksServer();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<BreaksPage />);
    const start = await screen.findByRole('button', { name: 'Start break' });
    // The form shows at once, and is usable once the server said there is no break running.
    await waitFor(() => expect(start).toBeEnabled());
    // Meanwhile a break was started on another device.
    const elsewhere: OpenBreak = {
      userId: 'u1',
      teamId: 't1',
      name: 'Ada',
      type: 'Lunch Break',
      reason: '',
      since: new Date().toISOString(),
      startTime: '12:00',
      createdDate: todayIso(),
      timeZone: 'UTC',
    };
    server.use(
      http.post(api('/break/start'), () => fail(409, 'You are already on a break.')),
      http.get(api('/break/current'), () => ok(elsewhere)),
    );
    await user.click(start);
    expect(await screen.findByRole('button', { name: 'End break' })).toBeInTheDocument();
    expect(screen.getByText('Lunch Break')).toBeInTheDocument();
  });

  it('shows the details with the date day-month-year and the times in 12-hour form', async () => {
    signIn();
    breaksServer([record({ createdDate: '2025-06-02', startTime: '14:00', endTime: '14:45', duration: 45, reason: 'walk in the park' })]);
    const { user } = renderWithProviders(<BreaksPage />);
    await user.click(await screen.findByRole('button', { name: 'Details of Coffee Break at 2:00 PM' }));
    const details = screen.getByRole('dialog', { name: 'Break Details' });
    expect(details).toHaveTextContent('02/06/2025');
    expect(details).toHaveTextContent('2:00 PM');
    expect(details).toHaveTextContent('2:45 PM');
    expect(details).toHaveTextContent('45 minutes');
    expect(details).toHaveTextContent('walk in the park');
  });

  it('deletes after the generic confirmation and refreshes the list', async () => {
    signIn();
    breaksServer([record({ _id: 'b1' })]);
    const { user } = renderWithProviders(<BreaksPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Coffee Break at 9:00 AM' }));
    const question = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(question).toHaveTextContent("You won't be able to revert this!");
    await user.click(within(question).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deleted!' })).toHaveTextContent('Your record has been deleted.');
    expect(await screen.findByText('You have not taken any breaks today')).toBeInTheDocument();
  });

  it('keeps the record on No, cancel!', async () => {
    signIn();
    breaksServer([record({ _id: 'b1' })]);
    const deleted = vi.fn();
    server.use(http.delete(api('/break/delete/:id'), () => deleted()));
    const { user } = renderWithProviders(<BreaksPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Coffee Break at 9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'No, cancel!' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancelled' })).toHaveTextContent('Your record is safe.');
    expect(deleted).not.toHaveBeenCalled();
  });

  it('opens the add dialog (loaded on first use) and the edit dialog with the record', async () => {
    signIn();
    breaksServer([record({ _id: 'b1', startTime: '13:05', endTime: '13:35', duration: 30 })]);
    const { user } = renderWithProviders(<BreaksPage />);
    await user.click(await screen.findByRole('button', { name: 'Add break' }));
    const add = await screen.findByRole('dialog', { name: 'Add Break' });
    await user.click(within(add).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Coffee Break at 1:05 PM' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Break' });
    expect(within(edit).getByLabelText('End time')).toHaveValue('1:35 PM');
  });

  it('opens the sign-in dialog when a signed-out visitor starts a break', async () => {
    const started = vi.fn();
    server.use(http.post(api('/break/start'), () => started()));
    const { user } = renderWithProviders(<BreaksPage />);
    expect(screen.getByText('You have not taken any breaks today')).toBeInTheDocument();
    await act(() => user.click(screen.getByRole('button', { name: 'Start break' })));
    expect(started).not.toHaveBeenCalled();
  });
});

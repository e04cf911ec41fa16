import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { DaySummary } from '../api/rules-api';
import type { OpenWork, WorkBalance } from '../api/work';
import { WorkCard } from './work-card';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const day = { date: '2025-06-02', worked: 192, target: 480, difference: -288, credit: { holiday: null, leave: null } };
const balance: WorkBalance = {
  balance: 75,
  since: '2025-01-01',
  through: '2025-06-01',
  carriedOver: null,
  adjustments: [],
  today: day,
  week: { worked: 900, target: 2400, difference: -1500 },
};

/** A server of one person's clock: start, end, the current period and the balance. */
function workServer({ startStatus, guard, summary }: { startStatus?: number; guard?: OpenWork['guard']; summary?: DaySummary } = {}) {
  let current: OpenWork | null = null;
  const bodies: Array<{ path: string; body: unknown; key: string | null }> = [];
  server.use(
    http.get(api('/work/current'), () => ok(current)),
    http.get(api('/work/balance'), () => ok(balance)),
    http.post(api('/work/start'), async ({ request }) => {
      bodies.push({ path: '/work/start', body: await request.json(), key: request.headers.get('Idempotency-Key') });
      if (startStatus === 409) return fail(409, 'You are already clocked in.');
      current = { since: new Date().toISOString(), date: '2025-06-02', startTime: '08:02', timeZone: 'UTC', workedMinutes: 192, guard: guard ?? null };
      return ok(current, 201);
    }),
    http.post(api('/work/end'), async ({ request }) => {
      bodies.push({ path: '/work/end', body: await request.json(), key: request.headers.get('Idempotency-Key') });
      current = null;
      return ok({ _id: 'w1', minutes: 192, date: '2025-06-02', summary: summary ?? null });
    }),
  );
  return { bodies };
}

/** The Start work button, once the current period has loaded. */
async function startButton() {
  const button = await screen.findByRole('button', { name: 'Start work' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('the working-time card', () => {
  it('starts work with an Idempotency-Key, shows since when and the time worked, and ends it', async () => {
    signIn();
    const { bodies } = workServer();
    const user = userEvent.setup();
    renderWithProviders(<WorkCard breakAction={<button type="button">Take a break</button>} />);

    await user.click(await startButton());
    expect(await screen.findByText('On the clock since 8:02 AM · 3 h 12 worked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take a break' })).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ path: '/work/start', body: {} });
    expect(bodies[0]?.key).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'End work' }));
    expect(await screen.findByRole('button', { name: 'Start work' })).toBeInTheDocument();
    expect(bodies.map((item) => item.path)).toEqual(['/work/start', '/work/end']);
  });

  it('hides "Take a break" while a break runs', async () => {
    signIn();
    workServer();
    const user = userEvent.setup();
    renderWithProviders(<WorkCard onBreak breakAction={<button type="button">Take a break</button>} />);
    await user.click(await startButton());
    await screen.findByRole('button', { name: 'End work' });
    expect(screen.queryByRole('button', { name: 'Take a break' })).not.toBeInTheDocument();
  });

  it('shows a 409 as the server sends it', async () => {
    signIn();
    workServer({ startStatus: 409 });
    const user = userEvent.setup();
    renderWithProviders(<WorkCard />);
    await user.click(await startButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already clocked in.');
  });

  it("shows today's, this week's figures and the overtime balance", async () => {
    signIn();
    workServer();
    renderWithProviders(<WorkCard />);
    const figures = await screen.findByLabelText('Time worked');
    expect(figures).toHaveTextContent('Today3 h 12of 8 h−4 h 48');
    expect(figures).toHaveTextContent('This week15 hof 40 h−25 h');
    expect(figures).toHaveTextContent('Overtime+1 h 15');
  });

  it('queues a tap made offline with its time, and shows it as waiting', async () => {
    signIn();
    const { bodies } = workServer();
    const user = userEvent.setup();
    renderWithProviders(<WorkCard />);
    await startButton();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    try {
      await user.click(screen.getByRole('button', { name: 'Start work' }));
      expect(await screen.findByText(/On the clock since/)).toBeInTheDocument();
      expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
      expect(bodies).toEqual([]);
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    }
    await waitFor(() => expect(bodies.length).toBeLessThanOrEqual(1));
  });

  it('counts down to the next due break, and shows the rest notice as a warning', async () => {
    signIn();
    workServer({
      guard: {
        breakDue: false,
        nextBreakAt: new Date(Date.now() + 42 * 60_000 - 1_000).toISOString(),
        nextBreakMinutes: 30,
        dailyMaxAt: null,
        rest: {
          since: '2025-06-01T22:10:00Z',
          endsAt: '2025-06-02T09:10:00Z',
          requiredMinutes: 660,
          restMinutes: 592,
          message: 'Your 11-hour rest since 22:10 yesterday ends at 09:10',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WorkCard />);
    await user.click(await startButton());
    expect(await screen.findByText('Break due in 42 min')).toBeInTheDocument();
    expect(screen.getByText('Your 11-hour rest since 22:10 yesterday ends at 09:10')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Break due now" once the break is due', async () => {
    signIn();
    workServer({ guard: { breakDue: true, nextBreakAt: null, nextBreakMinutes: 30, dailyMaxAt: null, rest: null } });
    const user = userEvent.setup();
    renderWithProviders(<WorkCard />);
    await user.click(await startButton());
    expect(await screen.findByText('Break due now')).toBeInTheDocument();
  });

  it('counts nothing down while on a break', async () => {
    signIn();
    workServer({ guard: { breakDue: true, nextBreakAt: null, nextBreakMinutes: 30, dailyMaxAt: null, rest: null } });
    const user = userEvent.setup();
    renderWithProviders(<WorkCard onBreak />);
    await user.click(await startButton());
    await screen.findByRole('button', { name: 'End work' });
    expect(screen.queryByText('Break due now')).not.toBeInTheDocument();
  });

  it('at clock-out shows the day’s summary and findings; "Add a note" notes a finding, "Add a break" opens the form', async () => {
    signIn();
    const finding = {
      rule: 'break' as const,
      when: '2025-06-02T14:02',
      minutesMissing: 5,
      message: '5 minutes of the 30-minute break due after 6 hours are missing',
      law: 'ArbZG § 4',
      note: null,
    };
    workServer({
      summary: {
        worked: 520,
        breaks: 25,
        findings: [finding],
        message: 'Worked 8 h 40 min. Breaks: 25 min of the 30 min due after 6 hours of work – 5 min short.',
      },
    });
    const notes: Array<{ path: string; body: unknown }> = [];
    server.use(
      http.put(api('/work/findings/:date/:rule'), async ({ request, params }) => {
        notes.push({ path: `${params['date']}/${params['rule']}`, body: await request.json() });
        return ok({ text: 'Client call ran late', byId: 'u1', byName: 'Ada Lovelace', at: '2025-06-02T17:00:00Z' });
      }),
    );
    const added: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(<WorkCard onAddBreak={(date) => added.push(date)} />);
    await user.click(await startButton());
    await user.click(await screen.findByRole('button', { name: 'End work' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your day' });
    expect(dialog).toHaveTextContent('Worked 8 h 40 min. Breaks: 25 min of the 30 min due after 6 hours of work – 5 min short.');
    expect(dialog).toHaveTextContent('5 minutes of the 30-minute break due after 6 hours are missing');
    expect(dialog).toHaveTextContent('ArbZG § 4');

    await user.click(within(dialog).getByRole('button', { name: 'Add a note' }));
    const noteDialog = await screen.findByRole('dialog', { name: 'Add a note' });
    await user.type(within(noteDialog).getByLabelText(/Note/), 'Client call ran late');
    await user.click(within(noteDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notes).toEqual([{ path: '2025-06-02/break', body: { note: 'Client call ran late' } }]));
    expect(await within(dialog).findByText(/Note: Client call ran late \(Ada Lovelace/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit note' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add a break' }));
    expect(added).toEqual(['2025-06-02']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your day' })).not.toBeInTheDocument());
  });
});

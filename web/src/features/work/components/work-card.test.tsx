import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
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
function workServer({ startStatus }: { startStatus?: number } = {}) {
  let current: OpenWork | null = null;
  const bodies: Array<{ path: string; body: unknown; key: string | null }> = [];
  server.use(
    http.get(api('/work/current'), () => ok(current)),
    http.get(api('/work/balance'), () => ok(balance)),
    http.post(api('/work/start'), async ({ request }) => {
      bodies.push({ path: '/work/start', body: await request.json(), key: request.headers.get('Idempotency-Key') });
      if (startStatus === 409) return fail(409, 'You are already clocked in.');
      current = { since: new Date().toISOString(), date: '2025-06-02', startTime: '08:02', timeZone: 'UTC', workedMinutes: 192 };
      return ok(current, 201);
    }),
    http.post(api('/work/end'), async ({ request }) => {
      bodies.push({ path: '/work/end', body: await request.json(), key: request.headers.get('Idempotency-Key') });
      current = null;
      return ok({ _id: 'w1', minutes: 192 });
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
});

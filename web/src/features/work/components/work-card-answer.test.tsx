import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { OpenWork, WorkBalance } from '../api/work';
import { WorkCard } from './work-card';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const day = { date: '2025-06-02', worked: 192, target: 480, difference: -288, credit: { holiday: null, leave: null } };
const balance: WorkBalance = {
  balance: 0,
  since: '2025-01-01',
  through: '2025-06-01',
  carriedOver: null,
  adjustments: [],
  today: day,
  week: { worked: 192, target: 2400, difference: -2208 },
};

/** A clock whose answers differ from what a second read of `/work/current` would say, and that counts those reads. */
function clockServer() {
  const reads = { current: 0 };
  const started: OpenWork = {
    since: new Date().toISOString(),
    date: '2025-06-02',
    startTime: '08:02',
    timeZone: 'UTC',
    workedMinutes: 192,
    guard: null,
  };
  server.use(
    http.get(api('/work/current'), () => {
      reads.current += 1;
      // A read after clocking in would show another period: the card must show the answer instead.
      return ok(reads.current === 1 ? null : { ...started, startTime: '07:00', workedMinutes: 1 });
    }),
    http.get(api('/work/balance'), () => ok(balance)),
    http.post(api('/work/start'), () => ok(started, 201)),
    http.post(api('/work/end'), () => ok({ _id: 'w1', minutes: 192, date: '2025-06-02', summary: null })),
  );
  return reads;
}

describe('clocking in and out on the working-time card', () => {
  it("shows the clock-in's answer without reading the open period again, and none after clocking out", async () => {
    signIn();
    const reads = clockServer();
    const user = userEvent.setup();
    renderWithProviders(<WorkCard />);
    const start = await screen.findByRole('button', { name: 'Start work' });
    await waitFor(() => expect(start).toBeEnabled());
    expect(reads.current).toBe(1);

    await user.click(start);
    expect(await screen.findByText('On the clock since 8:02 AM · 3 h 12 worked')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'End work' }));
    expect(await screen.findByRole('button', { name: 'Start work' })).toBeInTheDocument();
    expect(reads.current).toBe(1);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, todayIso } from '@/lib/format';
import { addDaysIso } from '@/lib/iso-date';
import { api, http, ok, server } from '@/testing/server';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { LeaveTodayCard } from './leave-today-card';

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r', id: 'u-me', name: 'Me' });

const leave = (userId: string, toDate: string, leaveType: string) => ({
  userId,
  name: userId === 'u-me' ? 'Me' : 'Cleo',
  leaveId: `l-${userId}`,
  fromDate: todayIso(),
  toDate,
  days: 1,
  leaveType,
});

describe("the Dashboard's leave card", () => {
  it('tells a person on leave today which leave it is and until when', async () => {
    signIn();
    const until = addDaysIso(todayIso(), 3);
    server.use(http.get(api('/admin/onLeaves'), () => ok([leave('u-cleo', todayIso(), 'Vacation'), leave('u-me', until, 'Sick')])));
    renderWithProviders(<LeaveTodayCard />);
    const card = await screen.findByRole('region', { name: 'You are on leave today: Sick' });
    expect(card).toHaveTextContent(`Your leave runs until ${formatDate(until)}.`);
  });

  it('leaves out the until-date of a leave that ends today', async () => {
    signIn();
    server.use(http.get(api('/admin/onLeaves'), () => ok([leave('u-me', todayIso(), 'Parental leave')])));
    renderWithProviders(<LeaveTodayCard />);
    const card = await screen.findByRole('region', { name: 'You are on leave today: Parental leave' });
    expect(card).not.toHaveTextContent('runs until');
  });

  it('shows nothing when only others are away', async () => {
    signIn();
    let asked = false;
    server.use(
      http.get(api('/admin/onLeaves'), () => {
        asked = true;
        return ok([leave('u-cleo', todayIso(), 'Vacation')]);
      }),
    );
    renderWithProviders(<LeaveTodayCard />);
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

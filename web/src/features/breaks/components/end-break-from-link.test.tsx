import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Break, OpenBreak } from '../api/breaks';
import { EndBreakFromLink } from './end-break-from-link';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const live: OpenBreak = {
  userId: 'u1',
  teamId: 't1',
  name: 'Ada',
  type: 'Coffee Break',
  reason: '',
  since: new Date(Date.now() - 61 * 60_000).toISOString(),
  startTime: '09:00',
  createdDate: todayIso(),
  timeZone: 'UTC',
};

function serve(current: OpenBreak | null) {
  const ends: unknown[] = [];
  server.use(
    http.get(api('/break/current'), () => ok(current)),
    http.get(api('/break/todayBreaks'), () => ok([])),
    http.post(api('/break/end'), async ({ request }) => {
      ends.push(await request.json());
      const ended: Break = {
        _id: 'b1',
        userId: 'u1',
        type: live.type,
        reason: '',
        startTime: '09:00',
        endTime: '10:01',
        duration: 61,
        createdDate: todayIso(),
        isClosed: true,
        isModal: false,
        live: true,
        createdAt: live.since,
        updatedAt: live.since,
      };
      current = null;
      return ok(ended);
    }),
  );
  return ends;
}

describe('/breaks?action=end-break', () => {
  it('ends the live break once, drops the query and confirms', async () => {
    signIn();
    const ends = serve(live);
    const { router } = renderWithProviders(<EndBreakFromLink />, { route: '/breaks?action=end-break' });
    expect(await screen.findByText('Coffee Break: 1 h 1 min.')).toBeInTheDocument();
    expect(screen.getByText('Break ended')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/breaks');
    expect(router.state.location.search).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ends).toHaveLength(1);
  });

  it('without a live break, says so and ends nothing', async () => {
    signIn();
    const ends = serve(null);
    const { router } = renderWithProviders(<EndBreakFromLink />, { route: '/breaks?action=end-break' });
    expect(await screen.findByText('You are not on a break.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(ends).toEqual([]);
  });

  it('does nothing without the query', async () => {
    signIn();
    const ends = serve(live);
    renderWithProviders(<EndBreakFromLink />, { route: '/breaks' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Break ended')).not.toBeInTheDocument();
    expect(ends).toEqual([]);
  });
});

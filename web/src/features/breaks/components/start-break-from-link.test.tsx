import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { OpenBreak } from '../api/breaks';
import { StartBreakFromLink } from './start-break-from-link';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

const running: OpenBreak = {
  userId: 'u1',
  teamId: 't1',
  name: 'Ada',
  type: 'Coffee Break',
  reason: '',
  since: new Date(Date.now() - 5 * 60_000).toISOString(),
  startTime: '09:00',
  createdDate: todayIso(),
  timeZone: 'UTC',
};

function serve(current: OpenBreak | null) {
  const starts: unknown[] = [];
  server.use(
    http.get(api('/break/current'), () => ok(current)),
    http.get(api('/break/todayBreaks'), () => ok([])),
    http.post(api('/break/start'), async ({ request }) => {
      const body = (await request.json()) as { type: string };
      starts.push(body);
      current = { ...running, type: body.type, since: new Date().toISOString() };
      return ok(current, 201);
    }),
  );
  return starts;
}

describe('/breaks?action=start-break (a break-and-rest warning’s action)', () => {
  it('starts a short break once, drops the query and confirms', async () => {
    signIn();
    const starts = serve(null);
    const { router } = renderWithProviders(<StartBreakFromLink />, { route: '/breaks?action=start-break' });
    expect(await screen.findByText('Your break has started. Enjoy it!')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts).toEqual([{ type: 'Short Break' }]);
  });

  it('leaves a break already running as it is', async () => {
    signIn();
    const starts = serve(running);
    const { router } = renderWithProviders(<StartBreakFromLink />, { route: '/breaks?action=start-break' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts).toEqual([]);
  });
});

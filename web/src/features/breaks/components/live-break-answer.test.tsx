import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { fakeJwt } from '@/testing/jwt';
import { api, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { Break, OpenBreak } from '../api/breaks';
import { BreaksPage } from './breaks-page';

const signIn = () =>
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' });

/** A live break whose answers differ from what a second read of `/break/current` would say, counting those reads. */
function liveBreakServer() {
  const reads = { current: 0 };
  const started: OpenBreak = {
    userId: 'u1',
    teamId: 't1',
    name: 'Ada',
    type: 'Walk',
    reason: 'fresh air',
    since: new Date(Date.now() - 65_000).toISOString(),
    startTime: '10:00',
    createdDate: todayIso(),
    timeZone: 'UTC',
  };
  const ended: Break = {
    _id: 'live',
    userId: 'u1',
    startTime: '10:00',
    endTime: '10:02',
    duration: 2,
    createdDate: todayIso(),
    reason: 'fresh air',
    type: 'Walk',
    isClosed: true,
    isModal: false,
    live: true,
    createdAt: '2025-06-01T08:00:00Z',
    updatedAt: '2025-06-01T08:00:00Z',
  };
  let breaks: Break[] = [];
  server.use(
    http.get(api('/type/get'), () => ok([{ type: ['Coffee Break', 'Walk'] }])),
    http.get(api('/break/todayBreaks'), () => ok(breaks)),
    http.get(api('/break/current'), () => {
      reads.current += 1;
      // A read after the start would show another break: the page must show the answer instead.
      return ok(reads.current === 1 ? null : { ...started, startTime: '09:00', reason: 'elsewhere' });
    }),
    http.post(api('/break/start'), () => ok(started, 201)),
    http.post(api('/break/end'), () => {
      breaks = [ended];
      return ok(ended);
    }),
  );
  return reads;
}

describe('a live break', () => {
  it("shows the start's answer without reading the live break again, and none after the end", async () => {
    signIn();
    const reads = liveBreakServer();
    const { user } = renderWithProviders(<BreaksPage />);
    const start = await screen.findByRole('button', { name: 'Start break' });
    await waitFor(() => expect(start).toBeEnabled());
    await screen.findByRole('option', { name: 'Walk' });
    expect(reads.current).toBe(1);

    await user.selectOptions(screen.getByLabelText('Break type'), 'Walk');
    await user.click(start);
    expect(await screen.findByText('Since 10:00 AM · fresh air')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'End break' }));
    expect(await screen.findByRole('button', { name: 'Start break' })).toBeInTheDocument();
    expect(await screen.findByText('10:00 AM – 10:02 AM')).toBeInTheDocument();
    expect(reads.current).toBe(1);
  });
});

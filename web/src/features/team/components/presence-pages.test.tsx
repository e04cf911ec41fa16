import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@/lib/format';
import { api, http, ok, server } from '@/testing/server';
import { jwtValidFor } from '@/testing/jwt';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import { OnBreakPage } from './on-break-page';
import { OnLeavePage } from './on-leave-page';

const signIn = () => setCookies({ access_token: jwtValidFor(3_600_000), refresh_token: 'r', id: 'u-me', name: 'Me' });

describe('Currently on break', () => {
  it('marks a working member past a break threshold "Break due", and no one else', async () => {
    signIn();
    const since = new Date(Date.now() - 6 * 3_600_000).toISOString();
    const base = { email: 'x@example.com', role: 'member', joinedAt: '2025-01-05T10:00:00Z', breakType: null, until: null };
    server.use(
      http.get(api('/admin/onBreak'), () => ok([])),
      http.get(api('/admin/get'), () =>
        ok([
          { ...base, id: 'u-ana', name: 'Ana', status: 'working', since, workingSince: since, breakDue: true },
          { ...base, id: 'u-ben', name: 'Ben', status: 'working', since, workingSince: since, breakDue: false },
          { ...base, id: 'u-cleo', name: 'Cleo', status: 'available', since: null, workingSince: null, breakDue: false },
        ]),
      ),
    );
    renderWithProviders(<OnBreakPage />);
    const list = await screen.findByRole('list', { name: 'Everyone in the team and what they are doing now' });
    expect(within(list).getByRole('listitem', { name: 'Ana' })).toHaveTextContent('Break due');
    expect(within(list).getByRole('listitem', { name: 'Ben' })).not.toHaveTextContent('Break due');
    expect(within(list).getByRole('listitem', { name: 'Cleo' })).not.toHaveTextContent('Break due');
  });

  it('lists who is on a break with the type, since when and for how long', async () => {
    signIn();
    const since = new Date(Date.now() - 25 * 60_000);
    server.use(
      http.get(api('/admin/onBreak'), () =>
        ok([
          { userId: 'u-ben', name: 'Ben', type: 'Lunch Break', reason: 'Sandwich', since: since.toISOString(), startTime: '12:00', createdDate: todayIso() },
        ]),
      ),
    );
    renderWithProviders(<OnBreakPage />);
    const row = await screen.findByRole('listitem', { name: 'Ben' });
    const clock = since.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(row).toHaveTextContent('Lunch Break');
    expect(row).toHaveTextContent('Sandwich');
    // A break begun before midnight also names its day (a run between 00:00 and 00:25 sees that).
    expect(row).toHaveTextContent(new RegExp(`Since (\\d{2}/\\d{2}/\\d{4} )?${clock}`));
    expect(row).toHaveTextContent('for 25 min');
    expect(screen.getByRole('heading', { name: 'Currently on break (1)' })).toBeInTheDocument();
  });

  it('shows everyone in the team below, working (since), on a break, on leave or off', async () => {
    signIn();
    const since = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const base = { email: 'x@example.com', role: 'member', joinedAt: '2025-01-05T10:00:00Z', breakType: null, until: null };
    server.use(
      http.get(api('/admin/onBreak'), () => ok([])),
      http.get(api('/admin/get'), () =>
        ok([
          { ...base, id: 'u-ana', name: 'Ana', status: 'working', since, workingSince: since },
          { ...base, id: 'u-ben', name: 'Ben', status: 'available', since: null, workingSince: null },
          { ...base, id: 'u-cleo', name: 'Cleo', status: 'onLeave', since: '2025-06-01', until: '2099-06-30', leaveType: 'Sick', workingSince: null },
          { ...base, id: 'u-dan', name: 'Dan', status: 'onLeave', since: todayIso(), until: todayIso(), leaveType: 'Parental leave', workingSince: null },
        ]),
      ),
    );
    renderWithProviders(<OnBreakPage />);
    const list = await screen.findByRole('list', { name: 'Everyone in the team and what they are doing now' });
    const clock = new Date(since).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(within(list).getByRole('listitem', { name: 'Ana' })).toHaveTextContent(new RegExp(`Working since (\\d{2}/\\d{2}/\\d{4} )?${clock}`));
    expect(within(list).getByRole('listitem', { name: 'Ben' })).toHaveTextContent('Available');
    expect(within(list).getByRole('listitem', { name: 'Cleo' })).toHaveTextContent('On leave (Sick) until 30/06/2099');
    expect(within(list).getByRole('listitem', { name: 'Dan' })).toHaveTextContent('On leave today (Parental leave)');
  });

  it('says so when nobody is on a break', async () => {
    signIn();
    server.use(http.get(api('/admin/onBreak'), () => ok([])));
    renderWithProviders(<OnBreakPage />);
    expect(await screen.findByText('Nobody is on a break right now.')).toBeInTheDocument();
  });

  it('signed out, offers to sign in', () => {
    renderWithProviders(<OnBreakPage />);
    expect(screen.getByText('Sign in to see who is on a break.')).toBeInTheDocument();
  });
});

describe("Today's absentees", () => {
  it("asks for the browser's today and lists who is away with their dates", async () => {
    signIn();
    const asked: Array<string | null> = [];
    const today = todayIso();
    server.use(
      http.get(api('/admin/onLeaves'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('todayDate'));
        return ok([
          { userId: 'u-cleo', name: 'Cleo', leaveId: 'l1', fromDate: '2025-06-02', toDate: '2099-06-04', days: 3, leaveType: 'Sick', reason: 'Family visit' },
          { userId: 'u-me', name: 'Me', leaveId: 'l2', fromDate: today, toDate: today, days: 1, leaveType: 'Vacation' },
        ]);
      }),
    );
    renderWithProviders(<OnLeavePage />);
    const list = await screen.findByRole('list', { name: 'Members away today' });
    expect(asked).toEqual([today]);
    const cleo = within(list).getByRole('listitem', { name: 'Cleo' });
    expect(cleo).toHaveTextContent('02/06/2025 – 04/06/2099');
    expect(cleo).toHaveTextContent('3 days');
    expect(cleo).toHaveTextContent('Family visit');
    expect(within(cleo).getByText('Sick')).toBeInTheDocument();
    const me = within(list).getByRole('listitem', { name: 'Me' });
    expect(me).toHaveTextContent('You');
    expect(me).toHaveTextContent('1 day, last day today');
    // The type reaches everyone, the reason only admins and HR (the server leaves it out).
    expect(within(me).getByText('Vacation')).toBeInTheDocument();
  });

  it('says so when nobody is away', async () => {
    signIn();
    server.use(http.get(api('/admin/onLeaves'), () => ok([])));
    renderWithProviders(<OnLeavePage />);
    expect(await screen.findByText('Nobody is away today.')).toBeInTheDocument();
  });
});

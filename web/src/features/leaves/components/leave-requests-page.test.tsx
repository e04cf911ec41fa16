import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/testing/jwt';
import { api, fail, http, ok, server } from '@/testing/server';
import { renderWithProviders, setCookies } from '@/testing/test-utils';
import type { PendingLeave } from '../api/types';
import { makePending, teamTypes, unpaid } from '../test-fixtures';
import { LeaveRequestsPage } from './leave-requests-page';

const signIn = (role: 'admin' | 'hr' | 'member' = 'hr') => {
  setCookies({ access_token: fakeJwt(Date.now() / 1000 + 3600), refresh_token: 'r1', id: 'u-me', name: 'Me Myself', email: 'me@example.com' });
  server.use(
    http.get(api('/user/profile'), () =>
      ok({ id: 'u-me', name: 'Me Myself', email: 'me@example.com', role, teamId: 't1', timeZone: 'UTC', hasPassword: true, createdAt: '' }),
    ),
    http.get(api('/leaves/types'), () => ok(teamTypes)),
  );
};

/** Serves the pending list from `all` (oldest first, as the server keeps it), recording each decision. */
function pendingServer(initial: PendingLeave[]) {
  let all = initial;
  const decisions: { decision: string; id: string; body: unknown }[] = [];
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(api('/leaves/pending'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const skip = Number(query.skip);
      return ok({ leaves: all.slice(skip, skip + Number(query.limit)), totalCount: all.length });
    }),
    http.post(api('/leaves/:decision/:id'), async ({ params, request }) => {
      const id = String(params.id);
      const decision = String(params.decision);
      decisions.push({ decision, id, body: await request.json().catch(() => undefined) });
      const leave = all.find((item) => item._id === id)!;
      all = all.filter((item) => item._id !== id);
      return ok({ ...leave, status: decision === 'approve' ? 'approved' : 'declined' });
    }),
  );
  return { decisions, queries };
}

const requests = () => screen.findByRole('list', { name: 'Pending leave requests' });

describe('leave requests page', () => {
  it("lists the pending requests with who, type, dates, days, reason and when they were asked, and one's own without buttons", async () => {
    signIn();
    pendingServer([
      makePending(1, 'Ben Carter', { fromDate: '2025-06-02', toDate: '2025-06-04', days: 3, reason: 'Family visit', createdAt: '2025-05-20T09:00:00Z' }),
      makePending(2, 'Me Myself', { userId: 'u-me', typeId: unpaid._id, fromDate: '2025-07-01', toDate: '2025-07-01', days: 1, reason: 'Move house' }),
    ]);
    renderWithProviders(<LeaveRequestsPage />);
    const list = await requests();
    const ben = within(list).getByRole('listitem', { name: 'Ben Carter' });
    expect(ben).toHaveTextContent('Vacation');
    expect(ben).toHaveTextContent('02/06/2025 – 04/06/2025');
    expect(ben).toHaveTextContent('3 days');
    expect(ben).toHaveTextContent('Family visit');
    expect(ben).toHaveTextContent('Requested 20/05/2025');
    expect(within(ben).getByRole('button', { name: /^Approve/ })).toBeEnabled();
    expect(within(ben).getByRole('button', { name: /^Decline/ })).toBeEnabled();

    const mine = within(list).getByRole('listitem', { name: 'Me Myself' });
    expect(mine).toHaveTextContent('Unpaid');
    expect(mine).toHaveTextContent('Waiting for another approver');
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pending requests (2)' })).toBeInTheDocument();
  });

  it('approves through POST /leaves/approve/{id}: the request leaves the list and a toast confirms', async () => {
    signIn('admin');
    const { decisions } = pendingServer([makePending(1, 'Ben Carter', { fromDate: '2025-06-02', toDate: '2025-06-02', days: 1 })]);
    const { user } = renderWithProviders(<LeaveRequestsPage />);
    await user.click(within(await requests()).getByRole('button', { name: 'Approve Ben Carter, 02/06/2025' }));
    expect(await screen.findByText('Leave approved')).toBeInTheDocument();
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
    expect(decisions).toEqual([{ decision: 'approve', id: 'l1', body: {} }]);
  });

  it('declines through POST /leaves/decline/{id} with the comment typed in the dialog', async () => {
    signIn();
    const { decisions } = pendingServer([makePending(1, 'Ben Carter'), makePending(2, 'Cleo Diaz')]);
    const { user } = renderWithProviders(<LeaveRequestsPage />);
    await user.click(within(within(await requests()).getByRole('listitem', { name: 'Cleo Diaz' })).getByRole('button', { name: /^Decline/ }));
    const dialog = screen.getByRole('dialog', { name: 'Decline leave request' });
    expect(dialog).toHaveTextContent('Cleo Diaz, 02/06/2020 – 04/06/2020 (3 days)');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), '  Release week, sorry  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Leave declined')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Decline leave request' })).not.toBeInTheDocument());
    expect(decisions).toEqual([{ decision: 'decline', id: 'l2', body: { comment: 'Release week, sorry' } }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cleo Diaz' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Ben Carter' })).toBeInTheDocument();
  });

  it("keeps the decline dialog open with the server's message when the request is no longer pending", async () => {
    signIn();
    pendingServer([makePending(1, 'Ben Carter')]);
    server.use(http.post(api('/leaves/decline/l1'), () => fail(409, 'This request has already been decided.')));
    const { user } = renderWithProviders(<LeaveRequestsPage />);
    await user.click(within(await requests()).getByRole('button', { name: /^Decline/ }));
    const dialog = screen.getByRole('dialog', { name: 'Decline leave request' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This request has already been decided.');
  });

  it("toasts the server's refusal of an approval", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pendingServer([makePending(1, 'Ben Carter')]);
    server.use(http.post(api('/leaves/approve/l1'), () => fail(409, 'This request has been cancelled.')));
    const { user } = renderWithProviders(<LeaveRequestsPage />);
    await user.click(within(await requests()).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText('This request has been cancelled.')).toBeInTheDocument();
  });

  it('pages 20 at a time, oldest first as the server sends them', async () => {
    signIn();
    const { queries } = pendingServer(Array.from({ length: 23 }, (_, i) => makePending(i + 1, `Member ${i + 1}`)));
    const { user } = renderWithProviders(<LeaveRequestsPage />);
    expect(within(await requests()).getAllByRole('listitem')).toHaveLength(20);
    expect(within(await requests()).getAllByRole('listitem')[0]).toHaveAccessibleName('Member 1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Member/ })).toHaveLength(3));
    expect(queries.at(-1)).toEqual({ skip: '20', limit: '20' });
  });

  it('says so when nothing is pending', async () => {
    signIn();
    pendingServer([]);
    renderWithProviders(<LeaveRequestsPage />);
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });

  it('tells a member the page is for admins and HR, without asking for the list', async () => {
    signIn('member');
    const asked = vi.fn();
    server.use(http.get(api('/leaves/pending'), () => asked()));
    renderWithProviders(<LeaveRequestsPage />);
    expect(await screen.findByText('Only team admins and HR can decide leave requests.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your own leaves' })).toHaveAttribute('href', '/leaves');
    expect(asked).not.toHaveBeenCalled();
  });

  it('signed out, offers to sign in', () => {
    renderWithProviders(<LeaveRequestsPage />);
    expect(screen.getByText("Sign in to see your team's leave requests.")).toBeInTheDocument();
  });
});
